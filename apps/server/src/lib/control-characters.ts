/**
 * Control characters in text that comes from outside (issue 9 "Input and output"): PostgreSQL refuses
 * NUL in text, and no field of ours means any of them, so they are refused with a 400 naming the field.
 */
/** C0 controls and DEL: never in a parameter or query value. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** C0 controls and DEL less tab, line feed and carriage return: never in body text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Deeper JSON is not walked further (the body limit bounds the rest). */
const MAX_DEPTH = 32;

/** The dotted path of the first string under `value` that `pattern` matches, else undefined. */
export function findControlCharacter({
  value,
  pattern,
  path,
  depth = 0,
}: {
  value: unknown;
  pattern: RegExp;
  path: string;
  depth?: number;
}): string | undefined {
  if (typeof value === 'string') return pattern.test(value) ? path : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (pattern.test(key)) return `${path}.${key.replace(ANY_CONTROL, '?')}`;
    const hit = findControlCharacter({ value: item, pattern, path: `${path}.${key}`, depth: depth + 1 });
    if (hit) return hit;
  }
  return undefined;
}
