import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import {
  CONTENT_CATEGORY_LABELS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
} from '@portal/shared/enums';
import type { ContentSummary } from '@portal/shared/schemas/courseware';
import { ContentStatusIcon } from '../../../components/content-status-icon';
import { paths } from '../../../config/paths';
import { trimDescription } from '../lib/text';

/** Only signed-in callers get the mark (issue 37): a visitor's search does not load it. */
const ChangedSinceDownloadChip = lazy(() => import('../../../components/changed-since-download-chip'));

/**
 * Why a result matched when only its files hold the words: the file's name and, for a caller who may
 * open it, the words around them with the found words marked (the server sends the snippet only then).
 */
function DocumentMatch({ match }: { match: NonNullable<ContentSummary['documentMatch']> }) {
  return (
    <Box sx={{ mt: 1 }} data-testid="document-match">
      <Typography variant="body2" color="text.secondary">
        Matched in its documents: <strong>{match.fileName}</strong>
      </Typography>
      {match.snippet && (
        <Typography
          variant="body2"
          component="p"
          sx={{ mt: 0.5, fontStyle: 'italic' }}
          data-testid="document-snippet"
        >
          …
          {match.snippet.map((part, index) =>
            part.isMatch ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
          )}
          …
        </Typography>
      )}
    </Box>
  );
}

/**
 * One search result (000 §2): the name linking to /courseware/{urlAlias}, category and level chips,
 * with a work-role search how much of the role it covers ("Covers 7 of 97 TKS", issue 25),
 * the course it belongs to, the description trimmed to about 80 characters, and the file it matched in
 * when only its documents hold the words; for the signed-in person "Changed since you downloaded it"
 * when the server says so (issue 37).
 * Props: `item`, `showStatus` (editors see the status icon).
 */
export function ResultItem({ item, showStatus }: { item: ContentSummary; showStatus: boolean }) {
  const description = trimDescription(item.summary);
  return (
    <Box component="article" sx={{ py: 2 }}>
      <Typography variant="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {showStatus && <ContentStatusIcon status={item.status} fontSize="small" />}
        <Link href={paths.content(item.urlAlias)}>{item.name}</Link>
      </Typography>
      {item.workRoleCoverage && (
        <Typography variant="body2" sx={{ mt: 0.25, fontWeight: 600 }}>
          Covers {item.workRoleCoverage.matched} of {item.workRoleCoverage.total} TKS of the work role
        </Typography>
      )}
      {item.courseName && item.courseName !== item.name && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          Course: {item.courseName}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
        {item.changedSinceDownload && (
          <Suspense fallback={null}>
            <ChangedSinceDownloadChip urlAlias={item.urlAlias} />
          </Suspense>
        )}
        {item.categories.map((category) => (
          <Chip key={category} size="small" color="primary" label={CONTENT_CATEGORY_LABELS[category]} />
        ))}
        {item.educationLevels.map((level) => (
          <Chip key={level} size="small" variant="outlined" label={EDUCATION_LEVEL_LABELS[level]} />
        ))}
        {item.experienceLevels.map((level) => (
          <Chip key={level} size="small" variant="outlined" label={EXPERIENCE_LEVEL_LABELS[level]} />
        ))}
        {item.tags.map((tag) => (
          <Chip
            key={tag}
            size="small"
            variant="outlined"
            color={tag === 'uncurated' ? 'warning' : 'default'}
            label={CONTENT_TAG_LABELS[tag]}
          />
        ))}
      </Box>
      {description && (
        <Typography
          variant="body2"
          sx={{ mt: 1 }}
          title={item.summary.length > description.length ? item.summary : undefined}
        >
          {description}
        </Typography>
      )}
      {item.documentMatch && <DocumentMatch match={item.documentMatch} />}
    </Box>
  );
}
