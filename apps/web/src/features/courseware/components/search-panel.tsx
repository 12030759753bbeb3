import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Suspense, lazy, startTransition, useId, useState, type FormEvent } from 'react';
import { SEARCH_TEXT_MAX, UPDATED_CONTENT_CUTOFF_DAYS } from '@portal/shared/limits';
import { searchTextError } from '@portal/shared/search-url';
import { OutlinedField } from '../../../components/outlined-field';
import { paths } from '../../../config/paths';
import { writeSearchState } from '../lib/search-state';
import { FacetStandIn } from './facet-stand-in';
import { SEARCH_FACETS, type SearchFacetName, type SearchFiltersProps } from './search-filter-fields';

/** The facet controls' code (MUI's Select, Autocomplete, Popper, Menu), loaded on demand (issue 34). */
const loadFacetControl = () => import('./search-filters');
const SearchFacetControl = lazy(loadFacetControl);
/** Starts loading the facet controls' code (a focused stand-in is likely to be opened next). */
const preloadFacetControl = () => {
  loadFacetControl().catch(() => {
    // The opening's own import reports the failure through the error boundary.
  });
};

/**
 * The search panel of the courseware landing page (000 §2): a text box (2 to 256 characters, applied on
 * submit) and filters that apply at once: the facet controls (each a same-size stand-in until a
 * visitor focuses, clicks or opens it by keyboard, which loads its MUI control and mounts it open in its
 * place; issue 34) and new-or-updated content. Before the page has hydrated the form is an
 * ordinary GET form to /courseware (`q` and the filters in force), which the server renders (issue 22).
 * Props: SearchFiltersProps (search-filter-fields.tsx).
 */
export function SearchPanel({
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
  const theme = useTheme();
  // The server cannot know the screen: while hydrating this is its answer (not small), then the screen's.
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
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
  // Until the visitor folds or unfolds the filters, CSS decides what shows: folded on a phone, open on a
  // wider screen, the same markup from the server and at hydration, so nothing jumps or mismatches.
  const byScreen = filtersToggled === null;
  // The facet controls a visitor has opened: each replaces its stand-in from then on.
  const [opened, setOpened] = useState<ReadonlySet<SearchFacetName>>(() => new Set());
  // A transition keeps the stand-in (and its focus) on the page until the control's code has loaded.
  const openFacet = (name: SearchFacetName) =>
    startTransition(() => setOpened((names) => (names.has(name) ? names : new Set(names).add(name))));
  // The filters in force, sent again with the text by a form submitted before the page has hydrated.
  const keptFilters = [...writeSearchState({ ...state, q: '' })];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    const error = text.length > 0 ? searchTextError(text) : null;
    if (error) {
      setTextError(error);
      return;
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
        action={paths.courseware}
        method="get"
        onSubmit={onSubmit}
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 0, sm: 1 },
          alignItems: 'stretch',
        }}
      >
        {keptFilters.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <OutlinedField
          fullWidth
          name="q"
          label="Search courseware"
          placeholder="e.g. phishing, Linux, XSS"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (textError) setTextError(null);
          }}
          error={textError !== null}
          helperText={textError ?? ' '}
          maxLength={SEARCH_TEXT_MAX}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          }
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
          {byScreen ? (
            <>
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                Hide filters
              </Box>
              <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                Show filters
              </Box>
            </>
          ) : isFiltersOpen ? (
            'Hide filters'
          ) : (
            'Show filters'
          )}
        </Button>
      </Box>
      <Collapse
        in={isFiltersOpen}
        id={filtersId}
        role="group"
        aria-labelledby={`${filtersId}-heading`}
        sx={byScreen ? { display: { xs: 'none', sm: 'block' } } : undefined}
      >
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
          {SEARCH_FACETS.map(({ name, label, kind, shown }) => {
            const standIn = (
              <FacetStandIn
                kind={kind}
                label={label}
                value={shown(state)}
                onPreload={preloadFacetControl}
                onOpen={() => openFacet(name)}
              />
            );
            // One boundary per facet from the start: opening the facet in a transition then keeps its
            // stand-in shown (and focused) until the control's code is there, instead of a fallback.
            return (
              <Suspense key={name} fallback={standIn}>
                {opened.has(name) ? (
                  <SearchFacetControl
                    facet={name}
                    state={state}
                    facets={facets}
                    knowledge={knowledge}
                    isKnowledgeLoading={isKnowledgeLoading}
                    onKnowledgeWanted={onKnowledgeWanted}
                    contributors={contributors}
                    isContributorsLoading={isContributorsLoading}
                    onContributorsWanted={onContributorsWanted}
                    onSearch={onSearch}
                  />
                ) : (
                  standIn
                )}
              </Suspense>
            );
          })}
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
