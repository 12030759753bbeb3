/**
 * Child groups of a content item (000 §2 "Child groups"): children ordered by index and grouped by main
 * category; sections form the group named section.
 */
import { CONTENT_CATEGORIES, type ContentCategory } from '@portal/shared/enums';
import type { ContentChild, ContentSection } from '@portal/shared/schemas/courseware';

/** A group's key: a content category, 'section', or 'other' for a child without a known category. */
export type ChildGroupKey = ContentCategory | 'section' | 'other';

export type ChildGroupEntry =
  { kind: 'child'; child: ContentChild } | { kind: 'section'; section: ContentSection };

export interface ChildGroup {
  key: ChildGroupKey;
  entries: ChildGroupEntry[];
}

/**
 * The main category of a comma list of categories: the first that is not exercise, else exercise
 * (000 §2). `'lesson, exercise'` → lesson; `'exercise,lab'`… → the first non-exercise known category.
 */
export function mainCategory(category: string): ContentCategory | 'other' {
  const parts = category
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part): part is ContentCategory => (CONTENT_CATEGORIES as readonly string[]).includes(part));
  return parts.find((part) => part !== 'exercise') ?? parts[0] ?? 'other';
}

/**
 * Groups children by main category and puts sections in the group 'section'. Within a group entries
 * follow their index; groups appear in the order of their first entry.
 */
export function groupChildren(
  children: readonly ContentChild[],
  sections: readonly ContentSection[],
): ChildGroup[] {
  const entries: (ChildGroupEntry & { index: number; key: ChildGroupKey })[] = [
    ...children.map((child) => ({
      kind: 'child' as const,
      child,
      index: child.index,
      key: mainCategory(child.category || child.categories.join(',')),
    })),
    ...sections.map((section) => ({
      kind: 'section' as const,
      section,
      index: section.index,
      key: 'section' as const,
    })),
  ];
  // Stable sort: equal indexes keep children before sections, as listed.
  entries.sort((a, b) => a.index - b.index);
  const groups = new Map<ChildGroupKey, ChildGroupEntry[]>();
  for (const { key, index: _index, ...entry } of entries) {
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups].map(([key, groupEntries]) => ({ key, entries: groupEntries }));
}
