/**
 * The edit form's state (000 §2 edit mode, §4 modes) and its translation to the API's requests. The
 * form validates with the same shared schemas the server uses (STYLE.md habit 1); issues are keyed
 * by their field path ("name", "sections.0.name") and the first invalid field in the page is focused.
 */
import { z } from 'zod';
import { FIELD_ATTRIBUTE, fieldErrorsOf, type FieldErrors } from '../../../lib/form-fields';
import { DEFAULT_CONTENT_STATUS } from '@portal/shared/enums';
import type { Contributor } from '@portal/shared/schemas/contributors';
import {
  CreateContentRequestSchema,
  UpdateContentRequestSchema,
  defaultAlias,
  toUpdateRequest,
  type Content,
  type CreateContentRequest,
  type UpdateContentRequest,
} from '@portal/shared/schemas/courseware';
import { FileNameSchema } from '@portal/shared/schemas/files';

/** A file picked in the form, uploaded when the content is saved (000 §3 files entry "fileBlob"). */
export interface PendingFile {
  key: string;
  file: File;
  name: string;
  /** Fraction uploaded while saving, else null. */
  progress: number | null;
  error: string | null;
}

/** Rows of the outline keep a stable key for React while names and order change. */
export interface DraftSection {
  key: string;
  id?: string;
  name: string;
  description: string;
}
export interface DraftChild {
  key: string;
  id?: string;
  name: string;
  urlAlias?: string;
}

export interface ContentDraft extends Omit<
  UpdateContentRequest,
  'sections' | 'children' | 'contributorIds' | 'version'
> {
  /** Create mode: the alias follows the name until the user edits it (000 §5). */
  isAliasEdited: boolean;
  sections: DraftSection[];
  children: DraftChild[];
  contributors: Contributor[];
  pendingFiles: PendingFile[];
  deletedFileIds: string[];
  version: number;
}

let keyCounter = 0;
/** A key for a new row of the form. */
export function newKey(): string {
  keyCounter += 1;
  return `new-${keyCounter}`;
}

/** The draft learning-objectives section a new item starts with (000 §4). */
export const LEARNING_OBJECTIVES_SECTION = {
  name: 'Learning objectives',
  description: '<p>After completing this courseware, students will be able to:</p>',
};

/** The form for a saved item: exactly what is stored (cancel comes back to this). */
export function draftFromContent(content: Content): ContentDraft {
  const request = toUpdateRequest(content);
  return {
    ...request,
    isAliasEdited: true,
    deletedFileIds: [],
    sections: content.sections.map((s) => ({
      key: s.id,
      id: s.id,
      name: s.name,
      description: s.description,
    })),
    children: content.children.map((c) => ({ key: c.id, id: c.id, name: c.name, urlAlias: c.urlAlias })),
    contributors: content.contributors,
    pendingFiles: [],
  };
}

/** The form of create mode: unpublished, a course by default, with the draft learning objectives. */
export function emptyDraft(): ContentDraft {
  return {
    name: '',
    description: '',
    urlAlias: '',
    isAliasEdited: false,
    status: DEFAULT_CONTENT_STATUS,
    tags: [],
    keywords: [],
    categories: ['course'],
    educationLevels: [],
    experienceLevels: [],
    lastCuratedTimestamps: { courseware: null, environment: null },
    tksIds: [],
    ksaIds: [],
    kuIds: [],
    contributors: [],
    sections: [{ key: newKey(), ...LEARNING_OBJECTIVES_SECTION }],
    children: [],
    files: [],
    deletedFileIds: [],
    pendingFiles: [],
    version: 0,
  };
}

/** The alias a draft will be saved with: typed, or (create mode) derived from the name. */
export function aliasOf(draft: ContentDraft): string {
  return draft.isAliasEdited ? draft.urlAlias : defaultAlias(draft.name);
}

const sectionsOf = (draft: ContentDraft) =>
  draft.sections.map(({ id, name, description }) => (id ? { id, name, description } : { name, description }));
const childrenOf = (draft: ContentDraft) =>
  draft.children.map(({ id, name }) => (id ? { id, name } : { name }));
/** The fields that a create and a save both send. */
const bodyOf = (draft: ContentDraft) => ({
  name: draft.name,
  description: draft.description,
  status: draft.status,
  tags: draft.tags,
  keywords: draft.keywords,
  categories: draft.categories,
  educationLevels: draft.educationLevels,
  experienceLevels: draft.experienceLevels,
  lastCuratedTimestamps: draft.lastCuratedTimestamps,
  tksIds: draft.tksIds,
  ksaIds: draft.ksaIds,
  kuIds: draft.kuIds,
  contributorIds: draft.contributors.map((c) => c.id),
  sections: sectionsOf(draft),
  children: childrenOf(draft),
});

/** PUT body of a draft. */
export function toUpdateBody(draft: ContentDraft): UpdateContentRequest {
  return {
    ...bodyOf(draft),
    urlAlias: draft.urlAlias,
    files: draft.files,
    deletedFileIds: draft.deletedFileIds,
    version: draft.version,
  };
}

/** POST body of a draft (create mode): the alias only when one is given. */
export function toCreateBody(draft: ContentDraft): CreateContentRequest {
  const alias = aliasOf(draft);
  return { ...bodyOf(draft), ...(alias ? { urlAlias: alias } : {}) };
}

export { fieldErrorsOf, type FieldErrors } from '../../../lib/form-fields';

/**
 * Validates a draft with the request schema of its mode, and each pending file's name (000 §5).
 * @returns the field errors, empty when the draft may be sent
 */
export function validateDraft(draft: ContentDraft, mode: 'create' | 'edit'): FieldErrors {
  const result =
    mode === 'create'
      ? CreateContentRequestSchema.safeParse(toCreateBody(draft))
      : UpdateContentRequestSchema.safeParse(toUpdateBody(draft));
  const errors = result.success ? {} : fieldErrorsOf(result.error.issues);
  if (mode === 'create' && !aliasOf(draft) && !errors.urlAlias && draft.name.trim()) {
    errors.urlAlias = 'The name has no letters or digits to make a URL alias from: enter one.';
  }
  draft.pendingFiles.forEach((pending, index) => {
    const name = FileNameSchema.safeParse(pending.name);
    if (!name.success) errors[`pendingFiles.${index}.name`] = name.error.issues[0]?.message ?? 'Not valid.';
  });
  return errors;
}

/**
 * Field errors of a server answer: its issues name fields as "body.name"; they are mapped back to the
 * form's paths. Issues about fields the form does not show are left to the form-level message.
 */
export function fieldErrorsOfServer(details: unknown): FieldErrors {
  const parsed = z
    .object({ issues: z.array(z.object({ field: z.string(), message: z.string() })) })
    .safeParse(details);
  if (!parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.data.issues) {
    const key = issue.field.replace(/^body\.?/, '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export { FIELD_ATTRIBUTE } from '../../../lib/form-fields';

/**
 * Focuses the first field (in page order) that has an error (000 §5: "an invalid form focuses the first
 * invalid field"). Fields are marked with `data-field`; composite fields focus their first control.
 * @returns whether a field was focused
 */
export function focusFirstInvalid(container: HTMLElement | null, errors: FieldErrors): boolean {
  if (!container) return false;
  const fields = container.querySelectorAll<HTMLElement>(`[${FIELD_ATTRIBUTE}]`);
  for (const element of fields) {
    const key = element.getAttribute(FIELD_ATTRIBUTE) ?? '';
    const hasError = Object.keys(errors).some((path) => path === key || path.startsWith(`${key}.`));
    if (!hasError) continue;
    const target = element.matches('input, textarea, select, button, [contenteditable="true"], [tabindex]')
      ? element
      : element.querySelector<HTMLElement>(
          'input:not([type="hidden"]), textarea, [contenteditable="true"], [role="combobox"], button, [tabindex]',
        );
    (target ?? element).focus();
    return true;
  }
  return false;
}
