import { describe, expect, it } from 'vitest';
import type { ContentChild, ContentSection } from '@portal/shared/schemas/courseware';
import { groupChildren, mainCategory } from './child-groups';

const child = (index: number, name: string, category: string): ContentChild => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  index,
  name,
  category,
  categories: [],
  tags: [],
  status: 'published',
  urlAlias: name.toLowerCase(),
});
const section = (index: number, name: string): ContentSection => ({
  id: `00000000-0000-4000-9000-00000000000${index}`,
  index,
  name,
  description: '',
});

describe('mainCategory', () => {
  it('is the first category that is not exercise', () => {
    expect(mainCategory('lesson')).toBe('lesson');
    expect(mainCategory('exercise, module')).toBe('module');
    expect(mainCategory('exercise,lesson,module')).toBe('lesson');
  });
  it('is exercise when only exercise is listed, and other for nothing known', () => {
    expect(mainCategory('exercise')).toBe('exercise');
    expect(mainCategory('')).toBe('other');
    expect(mainCategory('unknown')).toBe('other');
  });
});

describe('groupChildren', () => {
  it('orders by index, groups by main category and puts sections in the section group', () => {
    const groups = groupChildren(
      [
        child(3, 'C', 'exercise'),
        child(1, 'A', 'module'),
        child(2, 'B', 'exercise,module'),
        child(0, 'Z', 'exercise'),
      ],
      [section(4, 'Objectives')],
    );
    expect(groups.map((group) => group.key)).toEqual(['exercise', 'module', 'section']);
    const names = groups.map((group) =>
      group.entries.map((entry) => (entry.kind === 'child' ? entry.child.name : entry.section.name)),
    );
    expect(names).toEqual([['Z', 'C'], ['A', 'B'], ['Objectives']]);
  });
  it('is empty without children and sections', () => {
    expect(groupChildren([], [])).toEqual([]);
  });
});
