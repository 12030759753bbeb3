/** Words for an item's history (issue 37): the revisioned fields and how a file changed. */
import type { FileChange } from '@portal/shared/schemas/revisions';

/** The revisioned fields by their API names (packages/shared/src/schemas/revisions.ts `fields`). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  urlAlias: 'Alias',
  status: 'Status',
  categories: 'Categories',
  tags: 'Tags',
  keywords: 'Keywords',
  educationLevels: 'Education levels',
  experienceLevels: 'Experience levels',
  lastCuratedCourseware: 'Courseware last curated',
  lastCuratedEnvironment: 'Environment last curated',
  index: 'Position',
  knowledgeIds: 'Knowledge (TKS, KSA, KU, CyBOK)',
  contributorIds: 'Contributors',
  sections: 'Sections',
  children: 'Children',
};

/** A field's label; a field not named above is spelled out from its camel case ("sourceUrl" → "Source url"). */
export function revisionFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How a file changed between two revisions, as a word. */
export const FILE_CHANGE_LABELS: Record<FileChange, string> = {
  added: 'Added',
  removed: 'Removed',
  replaced: 'Replaced',
  renamed: 'Renamed',
};
