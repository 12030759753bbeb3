import {
  CONTENT_CATEGORY_LABELS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
  type KnowledgeType,
} from '@portal/shared/enums';
import type { Contributor } from '@portal/shared/schemas/contributors';
import type { SearchFacets } from '@portal/shared/schemas/courseware';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import type { FacetStandInKind } from './facet-stand-in';
import type { SearchState } from '../lib/search-state';

/**
 * What the search panel and its facet controls are given: the search in the address, the facets of the
 * last answer, the knowledge items and contributors the searchable filters offer (the knowledge list loads
 * when a visitor first opens a knowledge filter: `onKnowledgeWanted`, `isKnowledgeLoading`; issue 22; the
 * contributors when the contributor filter is first opened: `onContributorsWanted`), and
 * `onSearch` (navigates to the new search).
 */
export interface SearchFiltersProps {
  state: SearchState;
  facets: SearchFacets | undefined;
  knowledge: readonly KnowledgeItem[];
  isKnowledgeLoading: boolean;
  onKnowledgeWanted: () => void;
  contributors: readonly Contributor[];
  isContributorsLoading: boolean;
  onContributorsWanted: () => void;
  onSearch: (next: SearchState) => void;
}

/** Which state field holds the selected ids of each knowledge type, and the field's label. */
export const KNOWLEDGE_FILTERS: Record<
  KnowledgeType,
  { field: 'tksIds' | 'ksaIds' | 'kuIds' | 'cybokIds'; label: string }
> = {
  TKS: { field: 'tksIds', label: 'TKS' },
  KSA: { field: 'ksaIds', label: 'KSA' },
  KU: { field: 'kuIds', label: 'KU' },
  CYBOK: { field: 'cybokIds', label: 'CyBOK' },
};
/** The order of the knowledge filters in the panel. */
export const KNOWLEDGE_ORDER: readonly KnowledgeType[] = ['TKS', 'KSA', 'KU', 'CYBOK'];

/** What a multi-select shows of its values: one value's label, else how many are chosen. */
const chosen = <T extends string>(values: readonly T[], labels?: Record<T, string>) =>
  values.length === 0 ? '' : values.length === 1 && labels ? labels[values[0]!] : `${values.length} selected`;

/** The names of the facet controls of the search panel, in the order they are shown. */
export type SearchFacetName =
  | 'educationLevels'
  | 'experienceLevels'
  | 'contentCategories'
  | 'workRole'
  | KnowledgeType
  | 'tags'
  | 'contributors';

/**
 * One facet control of the search panel: its name, its label, whether MUI draws it as a Select (`select`)
 * or an Autocomplete (`combobox`), and what it shows of the search before its code has loaded.
 */
export interface SearchFacet {
  name: SearchFacetName;
  label: string;
  kind: FacetStandInKind;
  shown: (state: SearchState) => string;
}

/** The facet controls of the courseware search (000 §2), in the order of the panel's grid. */
export const SEARCH_FACETS: readonly SearchFacet[] = [
  {
    name: 'educationLevels',
    label: 'Education levels',
    kind: 'select',
    shown: (state) => chosen(state.educationLevels, EDUCATION_LEVEL_LABELS),
  },
  {
    name: 'experienceLevels',
    label: 'Experience levels',
    kind: 'select',
    shown: (state) => chosen(state.experienceLevels, EXPERIENCE_LEVEL_LABELS),
  },
  {
    name: 'contentCategories',
    label: 'Content categories',
    kind: 'select',
    shown: (state) => chosen(state.contentCategories, CONTENT_CATEGORY_LABELS),
  },
  { name: 'workRole', label: 'NICE work role', kind: 'combobox', shown: () => '' },
  ...KNOWLEDGE_ORDER.map((type): SearchFacet => ({
    name: type,
    label: KNOWLEDGE_FILTERS[type].label,
    kind: 'combobox',
    shown: (state) => chosen(state[KNOWLEDGE_FILTERS[type].field]),
  })),
  { name: 'tags', label: 'Tags', kind: 'select', shown: (state) => chosen(state.tags, CONTENT_TAG_LABELS) },
  {
    name: 'contributors',
    label: 'Contributors',
    kind: 'combobox',
    shown: (state) => chosen(state.contributorIds),
  },
];
