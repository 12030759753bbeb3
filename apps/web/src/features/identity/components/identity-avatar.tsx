import Avatar from '@mui/material/Avatar';
import type { Identity } from '@portal/shared/schemas/identity';

/** Up to two initials of a display name, for the avatar without a picture. */
function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

/** The identity's avatar: the picture when there is one, else the initials. */
export function IdentityAvatar({ identity, size = 36 }: { identity: Identity; size?: number }) {
  return (
    <Avatar
      src={identity.picture ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size / 2.4 }}
    >
      {initialsOf(identity.displayName)}
    </Avatar>
  );
}
