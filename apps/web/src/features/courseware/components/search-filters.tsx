import { Fragment, useMemo, type ReactElement } from 'react';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_TAGS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  KNOWLEDGE_TYPES,
  type KnowledgeType,
} from '@portal/shared/enums';
import type { Contributor } from '@portal/shared/schemas/contributors';
import { contributorFullName } from '@portal/shared/text';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import WorkRoleFilter from '../../knowledge/components/work-role-filter';
import type { SearchListField } from '../lib/search-state';
import { EnumFilter } from './enum-filter';
import { useRevealedCount } from '../../../lib/use-revealed-count';
import {
  KNOWLEDGE_FILTERS,
  KNOWLEDGE_ORDER,
  searchFilterStandIns,
  type SearchFiltersProps,
} from './search-filter-fields';
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
 * The facet controls of the courseware search (000 §2): education levels, experience levels, content
 * categories, tags (with facet counts), a NICE work role (issue 25), TKS / KSA / KU / CyBOK knowledge
 * areas and contributors (searchable). They are cells of the search panel's grid, in the order of
 * SearchFiltersPlaceholder's stand-ins, which hold their place until they have loaded: the search panel
 * loads them lazily (issue 22: MUI's Select, Autocomplete and Popper are not on /courseware's first load),
 * and they mount one by one, each in a short task (`useRevealedCount`), behind their stand-ins.
 * Props: SearchFiltersProps (search-filter-fields.tsx).
 */
export default function SearchFilters({
  state,
  facets,
  knowledge,
  isKnowledgeLoading,
  onKnowledgeWanted,
  contributors,
  isContributorsLoading,
  onContributorsWanted,
  onSearch,
}: SearchFiltersProps) {
  const knowledgeByType = useMemo(() => {
    const byType: Record<KnowledgeType, KnowledgeItem[]> = { TKS: [], KSA: [], KU: [], CYBOK: [] };
    for (const item of knowledge) byType[item.type].push(item);
    for (const type of KNOWLEDGE_TYPES)
      byType[type].sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }));
    return byType;
  }, [knowledge]);
  const sortedContributors = useMemo(
    () =>
      [...contributors].sort((a, b) =>
        `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`),
      ),
    [contributors],
  );

  const setList = (field: SearchListField, values: string[]) => onSearch({ ...state, [field]: values });

  // In the order of the stand-ins, which hold each control's place until it mounts.
  const controls: ReactElement[] = [
    <EnumFilter
      label="Education levels"
      options={EDUCATION_OPTIONS}
      selected={state.educationLevels}
      counts={facets?.educationLevels}
      onChange={(values) => setList('educationLevels', values)}
    />,
    <EnumFilter
      label="Experience levels"
      options={EXPERIENCE_OPTIONS}
      selected={state.experienceLevels}
      counts={facets?.experienceLevels}
      onChange={(values) => setList('experienceLevels', values)}
    />,
    <EnumFilter
      label="Content categories"
      options={CATEGORY_OPTIONS}
      selected={state.contentCategories}
      counts={facets?.contentCategories}
      onChange={(values) => setList('contentCategories', values)}
    />,
    <WorkRoleFilter value={state.workRole} onChange={(workRole) => onSearch({ ...state, workRole })} />,
    ...KNOWLEDGE_ORDER.map((type) => {
      const { field, label } = KNOWLEDGE_FILTERS[type];
      return (
        <SearchableFilter
          key={type}
          label={label}
          options={knowledgeByType[type]}
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
        />
      );
    }),
    <EnumFilter
      label="Tags"
      options={TAG_OPTIONS}
      selected={state.tags}
      counts={facets?.tags}
      onChange={(values) => setList('tags', values)}
    />,
    <SearchableFilter
      label="Contributors"
      options={sortedContributors}
      selectedIds={state.contributorIds}
      getId={contributorId}
      getText={contributorText}
      onChange={(ids) => setList('contributorIds', ids)}
      onOpen={onContributorsWanted}
      isLoading={isContributorsLoading}
    />,
  ];
  const standIns = searchFilterStandIns(state);
  const shown = useRevealedCount(controls.length);
  return controls.map((control, index) => (
    <Fragment key={standIns[index]?.key ?? index}>{index < shown ? control : standIns[index]}</Fragment>
  ));
}
