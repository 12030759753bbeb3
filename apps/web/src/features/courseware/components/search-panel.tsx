import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, lazy, useId, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
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
import { SEARCH_TEXT_MAX, UPDATED_CONTENT_CUTOFF_DAYS } from '@portal/shared/limits';
import { contributorFullName, type Contributor } from '@portal/shared/schemas/contributors';
import { SearchTextSchema, type SearchFacets } from '@portal/shared/schemas/courseware';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import type { SearchListField, SearchState } from '../lib/search-state';
import { EnumFilter } from './enum-filter';
import { SearchableFilter } from './searchable-filter';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const EDUCATION_OPTIONS = options(EDUCATION_LEVELS, EDUCATION_LEVEL_LABELS);
const EXPERIENCE_OPTIONS = options(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS);
const CATEGORY_OPTIONS = options(CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS);
const TAG_OPTIONS = options(CONTENT_TAGS, CONTENT_TAG_LABELS);

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
const KNOWLEDGE_ORDER: readonly KnowledgeType[] = ['TKS', 'KSA', 'KU', 'CYBOK'];

/** The work-role filter (issue 25): its code and its list load after the page, not with it. */
const WorkRoleFilter = lazy(() => import('../../knowledge/components/work-role-filter'));
const subscribeNever = () => () => {};
/** False on the server and while hydrating, true after: lazy parts then mount without a mismatch. */
const useIsHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

/** What stands in the work-role filter's place until its code has loaded (the same size). */
function WorkRoleFilterPlaceholder() {
  return <TextField size="small" label="NICE work role" disabled fullWidth />;
}

const knowledgeText = (item: KnowledgeItem) => `${item.code} ${item.name}`;
const knowledgeId = (item: KnowledgeItem) => item.id;
const contributorId = (contributor: Contributor) => contributor.id;
const contributorText = (contributor: Contributor) =>
  [contributorFullName(contributor), contributor.school].filter(Boolean).join(' · ');

/**
 * The search panel of the courseware landing page (000 §2): a text box (2 to 256 characters, applied on
 * submit) and filters that apply at once: education levels, experience levels, content categories, tags
 * (with facet counts), a NICE work role (issue 25), TKS / KSA / KU / CyBOK knowledge areas and
 * contributors (searchable), and new-or-updated content.
 * Props: `state` (the search in the address), `facets` of the last answer, `knowledge`, `contributors`,
 * `onSearch` (navigates to the new search).
 */
export function SearchPanel({
  state,
  facets,
  knowledge,
  contributors,
  isContributorsLoading,
  onSearch,
}: {
  state: SearchState;
  facets: SearchFacets | undefined;
  knowledge: readonly KnowledgeItem[];
  contributors: readonly Contributor[];
  isContributorsLoading: boolean;
  onSearch: (next: SearchState) => void;
}) {
  const theme = useTheme();
  // Read at once (no server rendering here), so phones start with the filters folded and nothing jumps.
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const filtersId = useId();
  const [draft, setDraft] = useState(state.q);
  const [committedQ, setCommittedQ] = useState(state.q);
  const [textError, setTextError] = useState<string | null>(null);
  const [filtersToggled, setFiltersToggled] = useState<boolean | null>(null);
  // The text box follows the address when it changes from outside (back button, clear, a chip).
  if (committedQ !== state.q) {
    setCommittedQ(state.q);
    setDraft(state.q);
    setTextError(null);
  }
  const isFiltersOpen = filtersToggled ?? !isSmall;
  const isHydrated = useIsHydrated();

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text.length > 0) {
      const parsed = SearchTextSchema.safeParse(text);
      if (!parsed.success) {
        setTextError(parsed.error.issues[0]?.message ?? 'Check the search text.');
        return;
      }
    }
    setTextError(null);
    onSearch({ ...state, q: text });
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label="Search courseware"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Box
        component="form"
        role="search"
        noValidate
        onSubmit={onSubmit}
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 0, sm: 1 },
          alignItems: 'stretch',
        }}
      >
        <TextField
          fullWidth
          label="Search courseware"
          placeholder="e.g. phishing, Linux, XSS"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (textError) setTextError(null);
          }}
          error={textError !== null}
          helperText={textError ?? ' '}
          slotProps={{
            htmlInput: { maxLength: SEARCH_TEXT_MAX },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
            formHelperText: { role: textError ? 'alert' : undefined },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          sx={{ height: { xs: 44, sm: 56 }, flexShrink: 0 }}
        >
          Search
        </Button>
      </Box>

      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="subtitle2" component="h2" id={`${filtersId}-heading`}>
          Filters
        </Typography>
        <Button
          size="small"
          startIcon={<FilterListIcon />}
          aria-expanded={isFiltersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersToggled(!isFiltersOpen)}
        >
          {isFiltersOpen ? 'Hide filters' : 'Show filters'}
        </Button>
      </Box>
      <Collapse in={isFiltersOpen} id={filtersId} role="group" aria-labelledby={`${filtersId}-heading`}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            pt: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          <EnumFilter
            label="Education levels"
            options={EDUCATION_OPTIONS}
            selected={state.educationLevels}
            counts={facets?.educationLevels}
            onChange={(values) => setList('educationLevels', values)}
          />
          <EnumFilter
            label="Experience levels"
            options={EXPERIENCE_OPTIONS}
            selected={state.experienceLevels}
            counts={facets?.experienceLevels}
            onChange={(values) => setList('experienceLevels', values)}
          />
          <EnumFilter
            label="Content categories"
            options={CATEGORY_OPTIONS}
            selected={state.contentCategories}
            counts={facets?.contentCategories}
            onChange={(values) => setList('contentCategories', values)}
          />
          {isHydrated ? (
            <Suspense fallback={<WorkRoleFilterPlaceholder />}>
              <WorkRoleFilter
                value={state.workRole}
                onChange={(workRole) => onSearch({ ...state, workRole })}
              />
            </Suspense>
          ) : (
            <WorkRoleFilterPlaceholder />
          )}
          {KNOWLEDGE_ORDER.map((type) => {
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
              />
            );
          })}
          <EnumFilter
            label="Tags"
            options={TAG_OPTIONS}
            selected={state.tags}
            counts={facets?.tags}
            onChange={(values) => setList('tags', values)}
          />
          <SearchableFilter
            label="Contributors"
            options={sortedContributors}
            selectedIds={state.contributorIds}
            getId={contributorId}
            getText={contributorText}
            onChange={(ids) => setList('contributorIds', ids)}
            isLoading={isContributorsLoading}
          />
          <FormControlLabel
            sx={{ m: 0 }}
            control={
              <Checkbox
                checked={state.newOrUpdatedContent}
                onChange={(event) => onSearch({ ...state, newOrUpdatedContent: event.target.checked })}
              />
            }
            label={`New or updated content (last ${UPDATED_CONTENT_CUTOFF_DAYS} days)`}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}
