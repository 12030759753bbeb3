/** Headings of child groups (000 §2); the enumeration labels themselves live in shared enums.ts. */
import type { ContentCategory } from '@portal/shared/enums';
import type { ChildGroupKey } from './child-groups';

const CATEGORY_PLURALS: Record<ContentCategory, string> = {
  course: 'Courses',
  module: 'Modules',
  lesson: 'Lessons',
  exercise: 'Exercises',
  environment: 'Environments',
};

/** Heading of a child group: "Modules", "Lessons", "Sections"… */
export function childGroupLabel(key: ChildGroupKey): string {
  if (key === 'section') return 'Sections';
  if (key === 'other') return 'Other content';
  return CATEGORY_PLURALS[key];
}
