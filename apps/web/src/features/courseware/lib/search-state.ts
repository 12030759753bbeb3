/**
 * The landing page's search state and its query-string form (000 §2): keys q, edu, exp, cat, ksas, kus,
 * tkss, cybok, cid, role, new, tag (SEARCH_URL_KEYS), lists comma separated. Values that break the shared
 * rules (the enumerations, the id patterns, the search text's length) are dropped, so a hand-edited address
 * cannot break the page. Checked without zod: /courseware reads its address before zod has loaded (issue 22).
 */
import {
  CONTENT_CATEGORIES,
  CONTENT_TAGS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  type ContentCategory,
  type ContentTag,
  type EducationLevel,
  type ExperienceLevel,
} from '@portal/shared/enums';
import { isKnowledgeId, isUuid, isWorkRoleId } from '@portal/shared/patterns';
import type { SearchContentQuery } from '@portal/shared/schemas/courseware';
import { SEARCH_URL_KEYS, searchTextOf } from '@portal/shared/search-url';

/** What the user searches for; empty lists and '' mean "not set". */
export interface SearchState {
  q: string;
  educationLevels: EducationLevel[];
  experienceLevels: ExperienceLevel[];
  contentCategories: ContentCategory[];
  ksaIds: string[];
  kuIds: string[];
  tksIds: string[];
  cybokIds: string[];
  contributorIds: string[];
  /** A NICE work role id (PD-WRL-007), '' when not set (issue 25). */
  workRole: string;
  newOrUpdatedContent: boolean;
  tags: ContentTag[];
}

/** The list-valued fields of the state. */
export type SearchListField = Exclude<keyof SearchState, 'q' | 'newOrUpdatedContent' | 'workRole'>;

export const EMPTY_SEARCH_STATE: SearchState = {
  q: '',
  educationLevels: [],
  experienceLevels: [],
  contentCategories: [],
  ksaIds: [],
  kuIds: [],
  tksIds: [],
  cybokIds: [],
  contributorIds: [],
  workRole: '',
  newOrUpdatedContent: false,
  tags: [],
};

/** Query key of the browse mode (the unfiltered list of 000 §2 "browse repository"); ours, not the spec's. */
export const BROWSE_KEY = 'browse';

/** Whether a value is one of an enumeration's. */
const oneOf =
  (values: readonly string[]) =>
  (value: string): boolean =>
    values.includes(value);

/** The rule each element of a list field must pass. */
const LIST_ITEM_RULES: Record<SearchListField, (value: string) => boolean> = {
  educationLevels: oneOf(EDUCATION_LEVELS),
  experienceLevels: oneOf(EXPERIENCE_LEVELS),
  contentCategories: oneOf(CONTENT_CATEGORIES),
  ksaIds: isKnowledgeId,
  kuIds: isKnowledgeId,
  tksIds: isKnowledgeId,
  cybokIds: isKnowledgeId,
  contributorIds: isUuid,
  tags: oneOf(CONTENT_TAGS),
};

type UrlKey = keyof typeof SEARCH_URL_KEYS;
const URL_KEYS = Object.keys(SEARCH_URL_KEYS) as UrlKey[];

/** Every valid element of a comma list (repeated keys too), without duplicates, in order. */
function readList(params: URLSearchParams, key: string, isValid: (value: string) => boolean): string[] {
  const values = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0 && isValid(value));
  return [...new Set(values)];
}

/** Reads the search state from the address (000 §2: read on load to restore the search). */
export function readSearchState(params: URLSearchParams): SearchState {
  const state: SearchState = { ...EMPTY_SEARCH_STATE };
  for (const key of URL_KEYS) {
    const field = SEARCH_URL_KEYS[key];
    if (field === 'q') {
      state.q = searchTextOf(params.get(key) ?? '') ?? '';
    } else if (field === 'workRole') {
      const role = params.get(key) ?? '';
      state.workRole = isWorkRoleId(role) ? role : '';
    } else if (field === 'newOrUpdatedContent') {
      const value = params.get(key);
      state.newOrUpdatedContent = value === 'true' || value === '1';
    } else {
      // The element rule guarantees the enum values, so the cast only restores the field's type.
      (state[field] as string[]) = readList(params, key, LIST_ITEM_RULES[field]);
    }
  }
  return state;
}

/** The query string of a search state: only set keys, in SEARCH_URL_KEYS order (000 §2). */
export function writeSearchState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of URL_KEYS) {
    const field = SEARCH_URL_KEYS[key];
    if (field === 'q') {
      if (state.q.trim()) params.set(key, state.q.trim());
    } else if (field === 'workRole') {
      if (state.workRole) params.set(key, state.workRole);
    } else if (field === 'newOrUpdatedContent') {
      if (state.newOrUpdatedContent) params.set(key, 'true');
    } else if (state[field].length > 0) {
      params.set(key, state[field].join(','));
    }
  }
  return params;
}

/** Search mode is on when any keyword or filter is set (000 §2). */
export function hasSearchCriteria(state: SearchState): boolean {
  return (
    state.q.trim().length > 0 ||
    state.newOrUpdatedContent ||
    state.workRole !== '' ||
    (Object.keys(LIST_ITEM_RULES) as SearchListField[]).some((field) => state[field].length > 0)
  );
}

/** The API query of a search state (GET /api/v1/content/search), without limit and token. */
export function toSearchQuery(state: SearchState): Omit<SearchContentQuery, 'limit' | 'nextPageToken'> {
  return {
    q: state.q.trim() || undefined,
    educationLevels: state.educationLevels,
    experienceLevels: state.experienceLevels,
    contentCategories: state.contentCategories,
    ksaIds: state.ksaIds,
    kuIds: state.kuIds,
    tksIds: state.tksIds,
    cybokIds: state.cybokIds,
    contributorIds: state.contributorIds,
    workRole: state.workRole || undefined,
    newOrUpdatedContent: state.newOrUpdatedContent || undefined,
    tags: state.tags,
  };
}
