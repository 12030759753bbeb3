/**
 * Course imports for web tests (issue 38), parsed by the shared schemas so they stay what the server
 * sends: a previewed cartridge of a course with two modules, one new and one changed, a lesson, files,
 * and an item an earlier import made that the package no longer holds.
 */
import {
  CoursewareImportListItemSchema,
  CoursewareImportSchema,
  type CoursewareImport,
  type CoursewareImportListItem,
  type ImportPreviewItem,
} from '@portal/shared/schemas/imports';

export const IMPORT_ID = '7d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
export const COURSE_ID = '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9';
const MODULE_ID = '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f9a0';
const GONE_ID = '3c4d5e6f-7081-4293-a4b5-c6d7e8f9a0b1';

/** The previewed tree: the course (changed), a new module with a lesson, and a changed module. */
export const PREVIEW_COURSE: ImportPreviewItem = {
  path: '',
  name: 'Network Security',
  categories: ['course'],
  change: 'changed',
  changedFields: ['description'],
  existing: { id: COURSE_ID, urlAlias: 'network-security' },
  knowledgeIds: [],
  license: 'CC BY 4.0',
  files: [{ path: 'syllabus.pdf', name: 'syllabus.pdf', size: 2048, change: 'new' }],
  children: [
    {
      path: 'module-1',
      name: 'Module 1: Packets',
      categories: ['module'],
      change: 'new',
      changedFields: [],
      knowledgeIds: ['ksa-K0001'],
      license: '',
      files: [],
      children: [
        {
          path: 'module-1/capture',
          name: 'Capturing traffic',
          categories: ['lesson'],
          change: 'new',
          changedFields: [],
          knowledgeIds: [],
          license: '',
          files: [{ path: 'module-1/capture/lab.md', name: 'lab.md', size: 512, change: 'new' }],
          children: [],
        },
      ],
    },
    {
      path: 'module-2',
      name: 'Module 2: Firewalls',
      categories: ['module'],
      change: 'changed',
      changedFields: ['name', 'files'],
      existing: { id: MODULE_ID, urlAlias: 'network-security/firewalls' },
      knowledgeIds: [],
      license: '',
      files: [{ path: 'module-2/rules.txt', name: 'rules.txt', size: 300, change: 'changed' }],
      children: [],
    },
  ],
};

/** An import as GET /api/v1/courseware-imports/{id} answers it; `previewed`, no problems, by default. */
export function makeImport(overrides: Partial<CoursewareImport> = {}): CoursewareImport {
  return CoursewareImportSchema.parse({
    id: IMPORT_ID,
    status: 'previewed',
    format: 'cartridge',
    packageName: 'network-security.imscc',
    packageId: 'network_security_v2',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:05.000Z',
    createdBy: { id: '4d5e6f70-8192-43a4-b5c6-d7e8f9a0b1c2', name: 'Casey Curator' },
    preview: {
      course: PREVIEW_COURSE,
      gone: [{ id: GONE_ID, name: 'Old lab', urlAlias: 'network-security/old-lab', path: 'old-lab' }],
      counts: {
        items: { new: 2, changed: 2, unchanged: 0 },
        files: { new: 2, changed: 1, unchanged: 0 },
        bytes: 2860,
        errors: 0,
        warnings: 0,
      },
      issues: [],
      moreIssues: 0,
    },
    progress: { items: 0, itemsTotal: 4, bytes: 0, bytesTotal: 2860 },
    summary: null,
    error: null,
    ...overrides,
  });
}

/** `base` with its preview's problems replaced, counted as the server counts them. */
export function withIssues(
  base: CoursewareImport,
  issues: CoursewareImport['preview']['issues'],
): CoursewareImport {
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  return makeImport({
    ...base,
    preview: {
      ...base.preview,
      issues,
      counts: { ...base.preview.counts, errors, warnings: issues.length - errors },
    },
  });
}

/** An import as one row of GET /api/v1/courseware-imports. */
export function makeImportListItem(imported: CoursewareImport = makeImport()): CoursewareImportListItem {
  const { preview, ...rest } = imported;
  return CoursewareImportListItemSchema.parse({ ...rest, counts: preview.counts });
}
