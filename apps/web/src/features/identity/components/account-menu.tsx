import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_MENU_WIDTH_PX } from '@portal/shared/limits';
import type { Identity } from '@portal/shared/schemas/identity';
import { paths } from '../../../config/paths';

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

/**
 * The signed-in user's account menu (001 §2 Header), ACCOUNT_MENU_WIDTH_PX wide: avatar, display name,
 * e-mail and Logout. Props: `identity` from the session.
 */
export function AccountMenu({ identity }: { identity: Identity }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const isOpen = anchor !== null;
  return (
    <>
      <Tooltip title="Account">
        <IconButton
          id={buttonId}
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={`Account menu of ${identity.displayName}`}
          aria-controls={isOpen ? menuId : undefined}
          aria-haspopup="true"
          aria-expanded={isOpen ? 'true' : undefined}
          size="small"
        >
          <IdentityAvatar identity={identity} />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: ACCOUNT_MENU_WIDTH_PX, maxWidth: 'calc(100vw - 32px)', mt: 1 } },
          list: { 'aria-labelledby': buttonId },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
          <IdentityAvatar identity={identity} size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {identity.displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {identity.email}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.logout} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
