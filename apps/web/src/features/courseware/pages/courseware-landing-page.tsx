import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useFeature } from '../../../lib/env';
import { useCan } from '../../../lib/session';
import { useContributors } from '../../contributors/api/get-contributors';
import { useKnowledge } from '../../knowledge/api/get-knowledge';
import { useSearchContent } from '../../../lib/api/search-content';
import { LandingLinks } from '../components/landing-links';
import { SearchChips } from '../components/search-chips';
import { SearchPanel } from '../components/search-panel';
import { KNOWLEDGE_FILTERS, KNOWLEDGE_ORDER } from '../components/search-filter-fields';
import { SearchResults } from '../components/search-results';
import { TitleBanner } from '../components/title-banner';
import {
  BROWSE_KEY,
  hasSearchCriteria,
  readSearchState,
  toSearchQuery,
  writeSearchState,
  type SearchState,
} from '../lib/search-state';

/**
 * The courseware landing and search page, /courseware (000 §2): title area, search panel, landing links
 * and paged results. The search lives in the address (q, edu, exp, cat, ksas, kus, tkss, cid, new, tag),
 * so a reload or a shared link restores it; `browse=1` shows the unfiltered list. Search mode (any
 * keyword or filter) shows chips and results; the clear action returns to the landing view.
 */
export function CoursewareLandingPage() {
  useDocumentTitle('Courseware');
  const [params, setParams] = useSearchParams();
  const canUpdate = useCan('CanUpdateContent');
  const isSearchEnabled = useFeature('coursewareSearch');
  const state = useMemo(() => readSearchState(params), [params]);
  // The 400 kB knowledge list loads when a visitor first opens a knowledge filter, or when the address
  // holds knowledge filters whose names the chips show (issue 22: not on every visit's start).
  const [isKnowledgeWanted, setIsKnowledgeWanted] = useState(false);
  const hasKnowledgeFilter = KNOWLEDGE_ORDER.some((type) => state[KNOWLEDGE_FILTERS[type].field].length > 0);
  const knowledge = useKnowledge(isKnowledgeWanted || hasKnowledgeFilter);
  const isSearchMode = hasSearchCriteria(state);
  const isBrowsing = params.get(BROWSE_KEY) === '1';
  const showResults = isSearchMode || isBrowsing;
  // The same for the contributors: when the filter is first opened, or the address names contributors.
  const [isContributorsWanted, setIsContributorsWanted] = useState(false);
  const contributors = useContributors(isContributorsWanted || state.contributorIds.length > 0);

  // Tokens of the pages after the first; they belong to one search and are dropped when it changes.
  const searchKey = writeSearchState(state).toString();
  const [paging, setPaging] = useState<{ searchKey: string; tokens: string[] }>({ searchKey, tokens: [] });
  const tokens = paging.searchKey === searchKey ? paging.tokens : [];
  const query = useMemo(() => toSearchQuery(state), [state]);
  const results = useSearchContent({ ...query, nextPageToken: tokens.at(-1) });

  const knowledgeById = useMemo(
    () => new Map((knowledge.data ?? []).map((item) => [item.id, item])),
    [knowledge.data],
  );
  const contributorsById = useMemo(
    () => new Map((contributors.data ?? []).map((contributor) => [contributor.id, contributor])),
    [contributors.data],
  );

  const onSearch = (next: SearchState) => {
    const nextParams = writeSearchState(next);
    if (!hasSearchCriteria(next)) nextParams.set(BROWSE_KEY, '1');
    setParams(nextParams);
  };
  const onClear = () => setParams(new URLSearchParams());

  return (
    <Box>
      <TitleBanner isCompact={showResults} />
      {canUpdate && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} href={paths.createCourseware}>
            Add courseware
          </Button>
        </Box>
      )}
      {isSearchEnabled && (
        <SearchPanel
          state={state}
          facets={results.data?.facets}
          knowledge={knowledge.data ?? []}
          isKnowledgeLoading={knowledge.isFetching}
          onKnowledgeWanted={() => setIsKnowledgeWanted(true)}
          contributors={contributors.data ?? []}
          isContributorsLoading={contributors.isFetching}
          onContributorsWanted={() => setIsContributorsWanted(true)}
          onSearch={onSearch}
        />
      )}
      {showResults ? (
        <>
          <SearchChips
            state={state}
            knowledgeById={knowledgeById}
            contributorsById={contributorsById}
            onSearch={onSearch}
            onClear={onClear}
          />
          <SearchResults
            title={isSearchMode ? 'Search results' : 'All courseware'}
            data={results.data}
            isFetching={results.isFetching}
            isError={results.isError}
            pageIndex={tokens.length}
            showStatus={canUpdate}
            onNext={(token) => setPaging({ searchKey, tokens: [...tokens, token] })}
            onPrevious={() => setPaging({ searchKey, tokens: tokens.slice(0, -1) })}
          />
        </>
      ) : (
        <LandingLinks />
      )}
    </Box>
  );
}
