import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
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

/**
 * One search result (000 §2): the name linking to /courseware/{urlAlias}, category and level chips,
 * the course it belongs to, and the description trimmed to about 80 characters.
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
      {item.courseName && item.courseName !== item.name && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          Course: {item.courseName}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
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
    </Box>
  );
}
