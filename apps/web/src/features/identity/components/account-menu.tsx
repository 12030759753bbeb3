import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArchiveIcon from '@mui/icons-material/Archive';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/MailOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_MENU_WIDTH_PX } from '@portal/shared/limits';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { AccountMessage, Identity } from '@portal/shared/schemas/identity';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useMessages, useReadMessage } from '../api/get-messages';

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

export interface AccountLink {
  label: string;
  to: string;
  icon: ReactElement;
}

/** The display name over the e-mail address, each cut with an ellipsis when too long. */
function IdentityNames({ identity }: { identity: Identity }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600 }} noWrap>
        {identity.displayName}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {identity.email}
      </Typography>
    </Box>
  );
}

/**
 * The account menu's links by permission (001 §2 Header, §6): Dashboard and Admin with the content-update
 * permission, Archived Content with it and view-archived-content; then the identity admin screens.
 * "Add new page" is left out until the page editor exists (the CMS is another issue).
 */
export function accountLinks(permissions: PermissionFlags): AccountLink[] {
  const links: AccountLink[] = [];
  if (permissions.CanUpdateContent) {
    links.push({ label: 'Dashboard', to: paths.dashboard, icon: <DashboardIcon fontSize="small" /> });
    links.push({ label: 'Admin', to: paths.contentAdmin, icon: <AdminPanelSettingsIcon fontSize="small" /> });
    if (permissions.CanViewArchivedContent)
      links.push({
        label: 'Archived Content',
        to: paths.archivedContent,
        icon: <ArchiveIcon fontSize="small" />,
      });
  }
  if (permissions.CanManageOrganization)
    links.push({
      label: 'Users and claims',
      to: paths.adminUsers,
      icon: <ManageAccountsIcon fontSize="small" />,
    });
  if (permissions.CanImportUsers)
    links.push({ label: 'User import', to: paths.userImport, icon: <UploadFileIcon fontSize="small" /> });
  if (permissions.CanInviteStudents)
    links.push({ label: 'Invite students', to: paths.invitations, icon: <GroupAddIcon fontSize="small" /> });
  if (permissions.CanManageOrganization) {
    links.push({ label: 'Outgoing e-mail', to: paths.outbox, icon: <MailIcon fontSize="small" /> });
    links.push({ label: 'Site settings', to: paths.siteSettings, icon: <TuneIcon fontSize="small" /> });
    links.push({
      label: 'Unsafe-site incidents',
      to: paths.unsafeSiteIncidents,
      icon: <GppMaybeIcon fontSize="small" />,
    });
  }
  return links;
}

/** An internal link of a message, or null for anything else (messages come from the server, still). */
function messageTarget(message: AccountMessage): string | null {
  return message.link && /^\/(?![/\\])/.test(message.link) ? message.link : null;
}

/**
 * The signed-in user's account menu (001 §2 Header), ACCOUNT_MENU_WIDTH_PX wide: avatar, display name,
 * e-mail, the messages with a count badge (opening one marks it read), the links the user's permissions
 * give (`accountLinks`) and Logout. Props: `identity` from the session.
 */
export function AccountMenu({ identity }: { identity: Identity }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const { permissions } = useSession();
  const messages = useMessages().data?.items ?? [];
  const readMessage = useReadMessage();
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);
  const count = messages.length;
  return (
    <>
      <Tooltip title="Account">
        <IconButton
          id={buttonId}
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={`Account menu of ${identity.displayName}${count ? `, ${count} new ${count === 1 ? 'message' : 'messages'}` : ''}`}
          aria-controls={isOpen ? menuId : undefined}
          aria-haspopup="true"
          aria-expanded={isOpen ? 'true' : undefined}
          size="small"
        >
          <Badge badgeContent={count} color="secondary" overlap="circular">
            <IdentityAvatar identity={identity} />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: ACCOUNT_MENU_WIDTH_PX, maxWidth: 'calc(100vw - 32px)', mt: 1 } },
          list: { 'aria-labelledby': buttonId },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
          <IdentityAvatar identity={identity} size={48} />
          <IdentityNames identity={identity} />
        </Box>
        <Divider />
        <ListSubheader sx={{ lineHeight: '36px', display: 'flex', alignItems: 'center', gap: 1.5 }}>
          Messages
          <Badge badgeContent={count} color="secondary" showZero sx={{ ml: 1.5 }} />
        </ListSubheader>
        {count === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
            No new messages.
          </Typography>
        )}
        {messages.map((message) => {
          const target = messageTarget(message);
          const onClick = () => {
            readMessage.mutate(message.id);
            close();
          };
          const content = (
            <>
              <ListItemIcon>
                <MarkEmailUnreadIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={message.message}
                slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }}
              />
            </>
          );
          return target ? (
            <MenuItem key={message.id} component={RouterLink} to={target} onClick={onClick}>
              {content}
            </MenuItem>
          ) : (
            <MenuItem key={message.id} onClick={onClick}>
              {content}
            </MenuItem>
          );
        })}
        <Divider />
        {accountLinks(permissions).map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            <ListItemIcon>{link.icon}</ListItemIcon>
            {link.label}
          </MenuItem>
        ))}
        <MenuItem component={RouterLink} to={paths.logout} onClick={close}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * The same entries for the small-screen drawer (001 §2: the hamburger menu has the same links).
 * Props: `identity`, `onNavigate` (closes the drawer).
 */
export function AccountDrawerSection({
  identity,
  onNavigate,
}: {
  identity: Identity;
  onNavigate: () => void;
}) {
  const { permissions } = useSession();
  const count = useMessages().data?.items.length ?? 0;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Badge badgeContent={count} color="secondary" overlap="circular">
          <IdentityAvatar identity={identity} />
        </Badge>
        <IdentityNames identity={identity} />
      </Box>
      <List disablePadding>
        {[
          ...accountLinks(permissions),
          { label: 'Logout', to: paths.logout, icon: <LogoutIcon fontSize="small" /> },
        ].map((link) => (
          <ListItem key={link.to} disablePadding>
            <ListItemButton component={RouterLink} to={link.to} onClick={onNavigate}>
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText primary={link.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}
