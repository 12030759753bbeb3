import type { ReactElement } from 'react';
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
import { OutlinedField } from '../../../components/outlined-field';
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

/**
 * The facet controls' stand-ins (issue 22): one disabled field of the same size (a small outlined field,
 * 40 px high) per control of SearchFilters, with its label and what it shows of the search, in the same
 * grid cells and order. The server renders them, and the browser shows them until the controls' code has
 * loaded and each control has mounted, so nothing moves when the controls arrive. Input: the search in
 * the address; output: one element per control.
 */
export function searchFilterStandIns(state: SearchState): ReactElement[] {
  const fields: readonly { label: string; value: string }[] = [
    {
      label: 'Education levels',
      value: chosen(state.educationLevels, EDUCATION_LEVEL_LABELS),
    },
    {
      label: 'Experience levels',
      value: chosen(state.experienceLevels, EXPERIENCE_LEVEL_LABELS),
    },
    {
      label: 'Content categories',
      value: chosen(state.contentCategories, CONTENT_CATEGORY_LABELS),
    },
    { label: 'NICE work role', value: '' },
    ...KNOWLEDGE_ORDER.map((type) => ({
      label: KNOWLEDGE_FILTERS[type].label,
      value: chosen(state[KNOWLEDGE_FILTERS[type].field]),
    })),
    { label: 'Tags', value: chosen(state.tags, CONTENT_TAG_LABELS) },
    { label: 'Contributors', value: chosen(state.contributorIds) },
  ];
  return fields.map(({ label, value }) => (
    <OutlinedField key={label} size="small" label={label} value={value} disabled fullWidth />
  ));
}

/** All the stand-ins, while SearchFilters loads. Props: `state` (the search in the address). */
export function SearchFiltersPlaceholder({ state }: { state: SearchState }) {
  return searchFilterStandIns(state);
}
