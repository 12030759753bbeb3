import { PICKER_OPTIONS_MAX } from '@portal/shared/limits';

/**
 * The options matching every word typed, in their order, at most `max` of them.
 * @param text the searchable text of an option (code and name, or a person's name and school)
 */
export function filterByWords<T>(
  options: readonly T[],
  input: string,
  text: (option: T) => string,
  max = PICKER_OPTIONS_MAX,
): T[] {
  const words = input.toLowerCase().split(/\s+/).filter(Boolean);
  const result: T[] = [];
  for (const option of options) {
    if (result.length >= max) break;
    const haystack = text(option).toLowerCase();
    if (words.every((word) => haystack.includes(word))) result.push(option);
  }
  return result;
}
