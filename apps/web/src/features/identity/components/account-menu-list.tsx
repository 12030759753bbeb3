import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArchiveIcon from '@mui/icons-material/Archive';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/MailOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_MENU_WIDTH_PX } from '@portal/shared/limits';
import { checkRedirect } from '@portal/shared/redirects';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { AccountMessage, Identity } from '@portal/shared/schemas/identity';
import { HeaderMenu } from '../../../components/header-menu';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useSignOut } from '../api/end-sessions';
import { useMessages, useReadMessage } from '../api/get-messages';
import { IdentityAvatar } from './identity-avatar';

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
 * The account menu's links by permission (001 §2 Header, §6): Dashboard, Add new page and Admin with the
 * content-update permission, Archived Content with it and view-archived-content; then the identity admin
 * screens.
 */
export function accountLinks(permissions: PermissionFlags): AccountLink[] {
  const links: AccountLink[] = [];
  if (permissions.IsLogin)
    links.push({ label: 'Your account', to: paths.account, icon: <AccountCircleIcon fontSize="small" /> });
  if (permissions.CanUpdateContent) {
    links.push({ label: 'Dashboard', to: paths.dashboard, icon: <DashboardIcon fontSize="small" /> });
    links.push({ label: 'Add new page', to: paths.newPage, icon: <NoteAddIcon fontSize="small" /> });
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
    links.push({ label: 'LMS platforms', to: paths.ltiPlatforms, icon: <TuneIcon fontSize="small" /> });
  }
  return links;
}

/**
 * An internal link of a message, checked by the shared redirect check (a path of this portal), or null
 * for anything else (messages come from the server, still).
 */
function messageTarget(message: AccountMessage): string | null {
  return checkRedirect(message.link, { publicBaseUrl: window.location.origin })?.href ?? null;
}

/**
 * The account menu's popup (001 §2 Header), loaded when first opened: avatar, names, the messages with
 * their count (opening one marks it read), the links of the user's permissions and Logout.
 * Props: `id`, `anchor` (the account button while open, else null), `buttonId`, `identity`, `messages`,
 * `onClose`.
 */
export function AccountMenuList({
  id,
  anchor,
  buttonId,
  identity,
  messages,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  buttonId: string;
  identity: Identity;
  messages: readonly AccountMessage[];
  onClose: () => void;
}) {
  const { permissions } = useSession();
  const readMessage = useReadMessage();
  const { signOut, isSigningOut } = useSignOut();
  const count = messages.length;
  return (
    <HeaderMenu
      id={id}
      anchor={anchor}
      buttonId={buttonId}
      onClose={onClose}
      paperSx={{ width: ACCOUNT_MENU_WIDTH_PX, maxWidth: 'calc(100vw - 32px)', mt: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
        <IdentityAvatar identity={identity} size={48} />
        <IdentityNames identity={identity} />
      </Box>
      <Divider />
      {/* A div, not the default li: a menu holds menu items, and an li outside a list is no list item. */}
      <ListSubheader
        component="div"
        sx={{ lineHeight: '36px', display: 'flex', alignItems: 'center', gap: 1.5 }}
      >
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
          onClose();
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
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          <ListItemIcon>{link.icon}</ListItemIcon>
          {link.label}
        </MenuItem>
      ))}
      <MenuItem
        disabled={isSigningOut}
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </HeaderMenu>
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
  const { signOut, isSigningOut } = useSignOut();
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
        {accountLinks(permissions).map((link) => (
          <ListItem key={link.to} disablePadding>
            <ListItemButton component={RouterLink} to={link.to} onClick={onNavigate}>
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText primary={link.label} />
            </ListItemButton>
          </ListItem>
        ))}
        <ListItem disablePadding>
          <ListItemButton
            disabled={isSigningOut}
            onClick={() => {
              onNavigate();
              void signOut();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </ListItem>
      </List>
    </>
  );
}
