import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Content } from '@portal/shared/schemas/courseware';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';

/**
 * The metadata block for users who may update content (000 §2): the content id with a copy button, the
 * alias as an address (000 §2: shown with the prefix /courseware/), the created / modified dates and who
 * saved last.
 * Props: `content`.
 */
export function ContentMetadata({
  content,
}: {
  content: Pick<
    Content,
    'id' | 'urlAlias' | 'createdTimestamp' | 'modifiedTimestamp' | 'status' | 'modifiedBy'
  >;
}) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(content.id);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  const rows = [
    { label: 'Status', value: content.status.charAt(0).toUpperCase() + content.status.slice(1) },
    { label: 'Address', value: paths.content(content.urlAlias) },
    { label: 'Created', value: formatDate(content.createdTimestamp) },
    { label: 'Last modified', value: formatDate(content.modifiedTimestamp) },
    // Issue 4 (history): who saved last; imported items never saved since show a dash.
    { label: 'Last modified by', value: content.modifiedBy?.displayName ?? '' },
  ];
  return (
    <Box
      component="section"
      aria-labelledby="metadata-heading"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, sm: 2.5 } }}
    >
      <Typography variant="h2" id="metadata-heading" sx={{ mb: 1 }}>
        Metadata
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        <Typography component="dt" color="text.secondary">
          Content id
        </Typography>
        <Typography
          component="dd"
          sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
        >
          <Box component="code" sx={{ overflowWrap: 'anywhere', fontSize: '0.875rem' }}>
            {content.id}
          </Box>
          <LazyTooltip
            title={copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Could not copy' : 'Copy id'}
          >
            <IconButton
              size="small"
              aria-label="Copy content id"
              onClick={onCopy}
              onBlur={() => setCopyState('idle')}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </LazyTooltip>
          <Box component="span" role="status" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
            {copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Could not copy' : ''}
          </Box>
        </Typography>
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {row.value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
