import ArchiveIcon from '@mui/icons-material/Archive';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PublicIcon from '@mui/icons-material/Public';
import type { ContentStatus } from '@portal/shared/enums';
import { LazyTooltip } from './lazy-tooltip';

const STATUS_TEXT: Record<ContentStatus, string> = {
  unpublished: 'Unpublished: only editors can see it',
  unlisted: 'Unlisted: anyone with the link can see it',
  published: 'Published: everyone can find it',
  archived: 'Archived',
};

/**
 * The status icon shown to users who may update content (000 §4, 001 §4): unpublished or empty → lock,
 * unlisted → open lock, published → globe, archived → archive box. Props: `status`, `fontSize`.
 */
export function ContentStatusIcon({
  status,
  fontSize = 'medium',
}: {
  status: ContentStatus | null | undefined;
  fontSize?: 'small' | 'medium' | 'large' | 'inherit';
}) {
  const key = status ?? 'unpublished';
  const label = STATUS_TEXT[key];
  const props = { fontSize, titleAccess: label, color: 'action' as const };
  const icon =
    key === 'published' ? (
      <PublicIcon {...props} />
    ) : key === 'unlisted' ? (
      <LockOpenIcon {...props} />
    ) : key === 'archived' ? (
      <ArchiveIcon {...props} />
    ) : (
      <LockIcon {...props} />
    );
  return (
    <LazyTooltip title={label}>
      <span style={{ display: 'inline-flex', verticalAlign: 'middle' }}>{icon}</span>
    </LazyTooltip>
  );
}
