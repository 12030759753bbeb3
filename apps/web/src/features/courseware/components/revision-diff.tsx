import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentRevisionDiff, RevisionFile, WordDiffPart } from '@portal/shared/schemas/revisions';
import { formatBytes } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { contentRevisionDiffQueryOptions } from '../api/content-revisions';
import { FILE_CHANGE_LABELS, revisionFieldLabel } from '../lib/revision-labels';

/** How many leading hex digits of a SHA-256 are shown; the full value is in the title and copied. */
const SHA_SHOWN_DIGITS = 12;

/** How an added or a removed word run is drawn and what a screen reader hears before it. */
const CHANGE_MARKS = {
  added: {
    element: 'ins',
    said: 'added',
    sx: { textDecoration: 'underline', bgcolor: 'success.light', color: 'success.contrastText' },
  },
  removed: {
    element: 'del',
    said: 'removed',
    sx: { textDecoration: 'line-through', bgcolor: 'error.light', color: 'error.contrastText' },
  },
} as const;

/**
 * One field's word diff (issue 37): kept words as they are, added words in <ins> (underlined) and
 * removed words in <del> (struck through), each led by a visually hidden "added" / "removed" so the
 * change is not told by colour alone. Props: `parts` (the server's word runs, in order).
 */
export function WordDiff({ parts }: { parts: WordDiffPart[] }) {
  return (
    <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => {
        const mark = part.added ? CHANGE_MARKS.added : part.removed ? CHANGE_MARKS.removed : null;
        if (!mark) return <span key={index}>{part.value}</span>;
        return (
          <Box component={mark.element} key={index} sx={mark.sx}>
            <Box component="span" sx={visuallyHidden}>
              {mark.said}:{' '}
            </Box>
            {part.value}
          </Box>
        );
      })}
    </Box>
  );
}

/** A SHA-256 shortened, with the full value in its title and a button that copies it (`fileName` names it). */
function Sha({ sha, fileName }: { sha: string; fileName: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sha);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      SHA-256{' '}
      <Box component="code" title={sha}>
        {sha.slice(0, SHA_SHOWN_DIGITS)}…
      </Box>
      <IconButton
        size="small"
        onClick={() => void copy()}
        aria-label={copied ? `SHA-256 of ${fileName} copied` : `Copy the SHA-256 of ${fileName}`}
      >
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
}

/** One side of a file change: its name, size and SHA-256 (either may be unknown). */
function FileState({ label, file }: { label: string; file: RevisionFile }) {
  return (
    <Typography variant="body2" component="div">
      {label}: {file.name}
      {file.size !== null && ` · ${formatBytes(file.size)}`}
      {file.sha256 && (
        <>
          {' · '}
          <Sha sha={file.sha256} fileName={`${file.name} ${label.toLowerCase()}`} />
        </>
      )}
    </Typography>
  );
}

/** The differences of two revisions as drawn: changed fields, then changed files. Props: `diff`. */
export function RevisionDiffView({ diff }: { diff: ContentRevisionDiff }) {
  if (diff.fields.length === 0 && diff.files.length === 0) {
    return <Alert severity="info">These revisions do not differ.</Alert>;
  }
  return (
    <Stack spacing={2}>
      {diff.fields.map(({ field, parts }) => (
        <Box component="section" key={field} aria-label={revisionFieldLabel(field)}>
          <Typography variant="subtitle2" component="h4">
            {revisionFieldLabel(field)}
          </Typography>
          <WordDiff parts={parts} />
        </Box>
      ))}
      {diff.files.length > 0 && (
        <Box component="section" aria-label="Files changed">
          <Typography variant="subtitle2" component="h4">
            Files
          </Typography>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {diff.files.map((file) => (
              <li key={file.id}>
                <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
                  {FILE_CHANGE_LABELS[file.change]}: {(file.after ?? file.before)?.name}
                </Typography>
                {file.before && <FileState label="Before" file={file.before} />}
                {file.after && <FileState label="After" file={file.after} />}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

/**
 * The differences between revisions `from` and `to` of an item (issue 37), loaded from the API.
 * Props: `contentId`, `from`, `to` (versions; different).
 */
export function RevisionDiff({ contentId, from, to }: { contentId: string; from: number; to: number }) {
  const diff = useQuery(contentRevisionDiffQueryOptions(contentId, from, to));
  if (diff.isPending) {
    return (
      <Box role="status">
        <Box component="span" sx={visuallyHidden}>
          Loading the differences…
        </Box>
        <Skeleton height={96} />
      </Box>
    );
  }
  if (diff.isError) return <Alert severity="error">{diff.error.message}</Alert>;
  return <RevisionDiffView diff={diff.data} />;
}
