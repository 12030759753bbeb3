/**
 * The edit form's values (000 §2 edit mode, §4 modes), their translation to the API's requests and the
 * form's resolver: the same shared schemas the server uses (STYLE.md habit 1) through `zodResolver`,
 * issues keyed by their field path ("name", "sections.0.name").
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
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
  file: File;
  name: string;
  /** Fraction uploaded while saving, else null. */
  progress: number | null;
  error: string | null;
}

/** A section of the outline; new ones have no id yet (the form keeps each row's React key). */
export interface DraftSection {
  id?: string;
  name: string;
  description: string;
}
/** A child item of the outline; a new child module has no id nor alias yet. */
export interface DraftChild {
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
      id: s.id,
      name: s.name,
      description: s.description,
    })),
    children: content.children.map((c) => ({ id: c.id, name: c.name, urlAlias: c.urlAlias })),
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
    cybokIds: [],
    contributors: [],
    sections: [{ ...LEARNING_OBJECTIVES_SECTION }],
    children: [],
    files: [],
    deletedFileIds: [],
    pendingFiles: [],
    version: 0,
  };
}

/** The alias a draft will be saved with: typed, or (create mode) derived from the name. */
export function aliasOf(draft: Pick<ContentDraft, 'name' | 'urlAlias' | 'isAliasEdited'>): string {
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
  cybokIds: draft.cybokIds,
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

const NO_ALIAS = 'The name has no letters or digits to make a URL alias from: enter one.';

/**
 * The form's resolver for a mode (000 §5): `zodResolver` over the request schema of the mode, given
 * the request the draft would send, so the form and the server check the same rules; then what only
 * the form knows: contributor issues sit at the contributors field, a name without letters or digits
 * in create mode cannot make an alias, and each picked file's name is a valid file name.
 * @returns the draft itself when valid, else issues keyed by the form's field paths
 */
export function contentDraftResolver(mode: 'create' | 'edit'): Resolver<ContentDraft> {
  const resolveCreate = zodResolver(CreateContentRequestSchema);
  const resolveUpdate = zodResolver(UpdateContentRequestSchema);
  return async (draft, context, options) => {
    const resolverOptions = { ...options, fields: {}, names: undefined };
    const result =
      mode === 'create'
        ? await resolveCreate(toCreateBody(draft), context, resolverOptions)
        : await resolveUpdate(toUpdateBody(draft), context, resolverOptions);
    const { contributorIds, ...rest } = result.errors as Record<string, unknown>;
    const errors = { ...rest } as FieldErrors<ContentDraft>;
    if (contributorIds) errors.contributors = contributorIds as FieldErrors<ContentDraft>['contributors'];
    if (mode === 'create' && !aliasOf(draft) && !errors.urlAlias && draft.name.trim()) {
      errors.urlAlias = { type: 'custom', message: NO_ALIAS };
    }
    draft.pendingFiles.forEach((pending, index) => {
      const name = FileNameSchema.safeParse(pending.name);
      if (name.success) return;
      const pendingErrors = (errors.pendingFiles ??= []) as NonNullable<
        FieldErrors<ContentDraft>['pendingFiles']
      > &
        object[];
      pendingErrors[index] = {
        name: { type: 'custom', message: name.error.issues[0]?.message ?? 'Not valid.' },
      };
    });
    return Object.keys(errors).length === 0 ? { values: draft, errors: {} } : { values: {}, errors };
  };
}
