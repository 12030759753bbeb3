/** The preview of an import's plan (issue 38 "Preview before writing"): its tree, counts and issues. */
import type { ImportChange } from '@portal/shared/schemas/imports-limits';
import { IMPORT_ISSUES_MAX } from '@portal/shared/schemas/imports-limits';
import type { ImportIssue, ImportPreview, ImportPreviewItem } from '@portal/shared/schemas/imports';
import type { PlannedItem } from './import-plan.js';

/** The preview tree, counts and capped issue list of a plan. */
export function previewOf(
  items: PlannedItem[],
  gone: ImportPreview['gone'],
  issues: ImportIssue[],
): ImportPreview {
  const nodes = new Map<PlannedItem, ImportPreviewItem>();
  for (const item of items) {
    const node: ImportPreviewItem = {
      path: item.path,
      name: item.fields.name,
      categories: item.fields.categories,
      change: item.change,
      changedFields: item.changedFields,
      ...(item.existing
        ? { existing: { id: item.existing.contentId, urlAlias: item.existing.urlAlias } }
        : {}),
      knowledgeIds: item.knowledgeIds,
      license: item.fields.licenseName ?? '',
      files: item.files.map((f) => ({ path: f.path, name: f.name, size: f.size, change: f.change })),
      children: [],
    };
    nodes.set(item, node);
    if (item.parent) nodes.get(item.parent)!.children.push(node);
  }
  const count = (list: { change: ImportChange }[], change: ImportChange) =>
    list.filter((x) => x.change === change).length;
  const files = items.flatMap((i) => i.files);
  const sorted = [...issues].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  );
  return {
    course: nodes.get(items[0]!)!,
    gone,
    counts: {
      items: {
        new: count(items, 'new'),
        changed: count(items, 'changed'),
        unchanged: count(items, 'unchanged'),
      },
      files: {
        new: count(files, 'new'),
        changed: count(files, 'changed'),
        unchanged: count(files, 'unchanged'),
      },
      bytes: files.filter((f) => f.change !== 'unchanged').reduce((n, f) => n + f.size, 0),
      errors: issues.filter((i) => i.severity === 'error').length,
      warnings: issues.filter((i) => i.severity === 'warning').length,
    },
    issues: sorted.slice(0, IMPORT_ISSUES_MAX),
    moreIssues: Math.max(0, sorted.length - IMPORT_ISSUES_MAX),
  };
}
