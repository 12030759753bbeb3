import { useMemo } from 'react';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_TAGS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  type KnowledgeType,
} from '@portal/shared/enums';
import type { Contributor } from '@portal/shared/schemas/contributors';
import { contributorFullName } from '@portal/shared/text';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import WorkRoleFilter from '../../knowledge/components/work-role-filter';
import type { SearchListField } from '../lib/search-state';
import { EnumFilter } from './enum-filter';
import { KNOWLEDGE_FILTERS, type SearchFacetName, type SearchFiltersProps } from './search-filter-fields';
import { SearchableFilter } from './searchable-filter';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const EDUCATION_OPTIONS = options(EDUCATION_LEVELS, EDUCATION_LEVEL_LABELS);
const EXPERIENCE_OPTIONS = options(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS);
const CATEGORY_OPTIONS = options(CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS);
const TAG_OPTIONS = options(CONTENT_TAGS, CONTENT_TAG_LABELS);

const knowledgeText = (item: KnowledgeItem) => `${item.code} ${item.name}`;
const knowledgeId = (item: KnowledgeItem) => item.id;
const contributorId = (contributor: Contributor) => contributor.id;
const contributorText = (contributor: Contributor) =>
  [contributorFullName(contributor), contributor.school].filter(Boolean).join(' · ');

/**
 * One facet control of the courseware search (000 §2): education levels, experience levels, content
 * categories or tags (a Select with facet counts), a NICE work role (issue 25), TKS / KSA / KU / CyBOK
 * knowledge areas or contributors (searchable Autocompletes). The search panel loads this module on demand
 * (issue 34: MUI's Select, Autocomplete, Popper and Menu are not downloaded until a visitor reaches for a
 * filter) and mounts the control in place of its stand-in (facet-stand-in.tsx) with its list open and the
 * focus in it, so the click or key that reached the stand-in opens the list.
 * Props: `facet` (SEARCH_FACETS' name) and SearchFiltersProps (search-filter-fields.tsx).
 */
export default function SearchFacetControl({
  facet,
  state,
  facets,
  knowledge,
  isKnowledgeLoading,
  onKnowledgeWanted,
  contributors,
  isContributorsLoading,
  onContributorsWanted,
  onSearch,
}: SearchFiltersProps & { facet: SearchFacetName }) {
  const knowledgeType = facet in KNOWLEDGE_FILTERS ? (facet as KnowledgeType) : null;
  const knowledgeOfType = useMemo(
    () =>
      knowledgeType === null
        ? []
        : knowledge
            .filter((item) => item.type === knowledgeType)
            .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true })),
    [knowledge, knowledgeType],
  );
  const sortedContributors = useMemo(
    () =>
      [...contributors].sort((a, b) =>
        `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`),
      ),
    [contributors],
  );
  const setList = (field: SearchListField, values: string[]) => onSearch({ ...state, [field]: values });
  const enumFilter = (
    label: string,
    field: 'educationLevels' | 'experienceLevels' | 'contentCategories' | 'tags',
    choices: readonly { value: string; label: string }[],
  ) => (
    <EnumFilter
      label={label}
      options={choices}
      selected={state[field] as readonly string[]}
      counts={facets?.[field]}
      onChange={(values) => setList(field, values)}
      isOpenedOnMount
    />
  );

  if (knowledgeType !== null) {
    const { field, label } = KNOWLEDGE_FILTERS[knowledgeType];
    return (
      <SearchableFilter
        label={label}
        options={knowledgeOfType}
        selectedIds={state[field]}
        getId={knowledgeId}
        getText={knowledgeText}
        renderOption={(item) => (
          <span>
            <strong>{item.code}</strong> {item.name}
          </span>
        )}
        onChange={(ids) => setList(field, ids)}
        onOpen={onKnowledgeWanted}
        isLoading={isKnowledgeLoading}
        isOpenedOnMount
      />
    );
  }
  switch (facet) {
    case 'educationLevels':
      return enumFilter('Education levels', 'educationLevels', EDUCATION_OPTIONS);
    case 'experienceLevels':
      return enumFilter('Experience levels', 'experienceLevels', EXPERIENCE_OPTIONS);
    case 'contentCategories':
      return enumFilter('Content categories', 'contentCategories', CATEGORY_OPTIONS);
    case 'tags':
      return enumFilter('Tags', 'tags', TAG_OPTIONS);
    case 'workRole':
      return (
        <WorkRoleFilter
          value={state.workRole}
          onChange={(workRole) => onSearch({ ...state, workRole })}
          isOpenedOnMount
        />
      );
    default:
      return (
        <SearchableFilter
          label="Contributors"
          options={sortedContributors}
          selectedIds={state.contributorIds}
          getId={contributorId}
          getText={contributorText}
          onChange={(ids) => setList('contributorIds', ids)}
          onOpen={onContributorsWanted}
          isLoading={isContributorsLoading}
          isOpenedOnMount
        />
      );
  }
}
