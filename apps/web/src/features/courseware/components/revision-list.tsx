import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ContentRevisionSummary } from '@portal/shared/schemas/revisions';
import { formatLongDateTime } from '../../../lib/format';
import { FILE_CHANGE_LABELS, revisionFieldLabel } from '../lib/revision-labels';

/** "Description, Tags · files: handout.pdf (replaced)"; "Created" for the first revision. */
function changesOf(revision: ContentRevisionSummary): string {
  const parts: string[] = [];
  if (revision.restoredFrom !== null) parts.push(`Restored version ${revision.restoredFrom}`);
  if (revision.fields.length > 0) parts.push(revision.fields.map(revisionFieldLabel).join(', '));
  if (revision.files.length > 0) {
    const files = revision.files.map((f) => `${f.name} (${FILE_CHANGE_LABELS[f.change].toLowerCase()})`);
    parts.push(`Files: ${files.join(', ')}`);
  }
  if (parts.length === 0) return revision.version === 1 ? 'Created' : 'No field or file changed';
  return parts.join(' · ');
}

/**
 * An item's revisions, newest first (issue 37): version, when, who, and which fields and files each
 * changed; curators get Restore on every revision but the current one.
 * Props: `revisions`, `currentVersion` (the newest revision), `onRestore` (absent: no Restore buttons).
 */
export function RevisionList({
  revisions,
  currentVersion,
  onRestore,
}: {
  revisions: ContentRevisionSummary[];
  currentVersion: number | undefined;
  onRestore?: (revision: ContentRevisionSummary) => void;
}) {
  return (
    <List aria-label="Revisions" dense>
      {revisions.map((revision) => (
        <ListItem
          key={revision.version}
          divider
          secondaryAction={
            onRestore && revision.version !== currentVersion ? (
              <Button
                size="small"
                onClick={() => onRestore(revision)}
                aria-label={`Restore version ${revision.version}`}
              >
                Restore
              </Button>
            ) : undefined
          }
        >
          <ListItemText
            primary={`Version ${revision.version}${revision.version === currentVersion ? ' (current)' : ''} · ${formatLongDateTime(revision.changedTimestamp)} · ${revision.authorName ?? 'Unknown person'}`}
            secondary={changesOf(revision)}
          />
        </ListItem>
      ))}
    </List>
  );
}
