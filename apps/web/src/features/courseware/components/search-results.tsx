import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { COURSEWARE_LANDING_PAGE_SIZE } from '@portal/shared/limits';
import type { SearchContentResponse } from '@portal/shared/schemas/courseware';
import { ResultItem } from './result-item';

/** Placeholder rows while the first page loads. */
function ResultSkeletons() {
  return (
    <Box aria-hidden="true" data-testid="results-loading">
      {[0, 1, 2, 3].map((row) => (
        <Box key={row} sx={{ py: 2 }}>
          <Skeleton variant="text" width="55%" height={32} />
          <Box sx={{ display: 'flex', gap: 1, my: 1 }}>
            <Skeleton variant="rounded" width={70} height={24} />
            <Skeleton variant="rounded" width={110} height={24} />
          </Box>
          <Skeleton variant="text" width="90%" />
        </Box>
      ))}
    </Box>
  );
}

/**
 * Paged results of a search or of browsing (000 §2): a count, the corrected query, the partial-match
 * notice and the acronyms also searched for (docs/search.md), the list, the no-content message, and
 * Previous / Next by page token.
 * Props: `title`, `data` (the current page, or undefined while the first loads), `isFetching`,
 * `pageIndex` (0-based), `onNext`, `onPrevious`, `showStatus`.
 */
export function SearchResults({
  title,
  data,
  isFetching,
  isError,
  pageIndex,
  onNext,
  onPrevious,
  showStatus,
}: {
  title: string;
  data: SearchContentResponse | undefined;
  isFetching: boolean;
  isError: boolean;
  pageIndex: number;
  onNext: (token: string) => void;
  onPrevious: () => void;
  showStatus: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const turnPage = (turn: () => void) => {
    turn();
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  };

  let body;
  if (!data) {
    body = isError ? (
      <Alert severity="error">The results could not be loaded. Please try again.</Alert>
    ) : (
      <ResultSkeletons />
    );
  } else if (data.items.length === 0) {
    body = (
      <Typography role="status" sx={{ py: 3 }}>
        {MESSAGES.noContent}
      </Typography>
    );
  } else {
    const first = pageIndex * COURSEWARE_LANDING_PAGE_SIZE + 1;
    const last = first + data.items.length - 1;
    body = (
      <>
        <Typography variant="body2" color="text.secondary" role="status">
          Showing {first}–{last} of {data.total}
          {data.isCapped ? '+' : ''} results
        </Typography>
        {data.isCapped && (
          <Typography variant="body2" color="text.secondary">
            Many items match: add filters or more words to narrow the search.
          </Typography>
        )}
        <Box
          component="ol"
          start={first}
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={isFetching}
        >
          {data.items.map((item, index) => (
            <li key={item.id}>
              {index > 0 && <Divider component="div" />}
              <ResultItem item={item} showStatus={showStatus} />
            </li>
          ))}
        </Box>
        <Box
          component="nav"
          aria-label="Result pages"
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 2 }}
        >
          <Button
            startIcon={<ChevronLeftIcon />}
            disabled={pageIndex === 0 || isFetching}
            onClick={() => turnPage(onPrevious)}
          >
            Previous
          </Button>
          <Typography variant="body2" color="text.secondary">
            Page {pageIndex + 1}
          </Typography>
          <Button
            endIcon={<ChevronRightIcon />}
            disabled={!data.nextPageToken || isFetching}
            onClick={() => turnPage(() => onNext(data.nextPageToken!))}
          >
            Next
          </Button>
        </Box>
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="results-heading">
      <Typography
        variant="h2"
        id="results-heading"
        ref={headingRef}
        tabIndex={-1}
        sx={{ mb: 1, outline: 'none' }}
      >
        {title}
      </Typography>
      {data?.correctedQuery && (
        <Typography sx={{ mb: 1 }}>
          Showing results for <strong>{data.correctedQuery}</strong>
        </Typography>
      )}
      {data?.isPartialMatch && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {MESSAGES.partialMatch}
        </Alert>
      )}
      {data?.alsoSearchedFor && data.alsoSearchedFor.length > 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Also searched for: <strong>{data.alsoSearchedFor.join(', ')}</strong>
        </Typography>
      )}
      {body}
    </Box>
  );
}
