import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LoginButton } from '../../components/login-button';
import { paths } from '../../config/paths';
import { AccountDrawerSection } from '../../features/identity/components/account-menu-list';
import { useEnv } from '../../lib/env';
import { useSession } from '../../lib/session';
import { SUPPORT_PATH, openKnowledgeBase } from './help-menu-list';
import { LazySupportDialog } from './lazy-support-dialog';
import { isCurrentLink, knowledgeBaseHref, type NavLink } from './nav-links';

/**
 * The hamburger menu of small screens (001 §2 Header: the same links as the header): the header's links,
 * Knowledge Base and Support (signed in: the support dialog; signed out: /contact-us), then the
 * account's entries or Sign up and Login. Loaded when first opened.
 * Props: `id`, `open`, `links` (the header's links), `onClose`.
 */
export function HeaderDrawer({
  id,
  open,
  links,
  onClose,
}: {
  id: string;
  open: boolean;
  links: readonly NavLink[];
  onClose: () => void;
}) {
  const env = useEnv();
  const session = useSession();
  const location = useLocation();
  const [isSupportOpen, setIsSupportOpen] = useState(false);
  return (
    <>
      <Drawer id={id} open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
        <Box sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <BrandLogo />
          <IconButton aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Main">
          <List>
            {links.map((link) => (
              <ListItem key={link.href} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={link.href}
                  onClick={onClose}
                  selected={isCurrentLink(link, location.pathname)}
                  aria-current={isCurrentLink(link, location.pathname) ? 'page' : undefined}
                >
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        <Divider />
        <List aria-label="Help">
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => {
                onClose();
                openKnowledgeBase(knowledgeBaseHref(env));
              }}
            >
              <ListItemText primary="Knowledge Base" />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            {session.isLoggedIn ? (
              <ListItemButton
                onClick={() => {
                  onClose();
                  setIsSupportOpen(true);
                }}
              >
                <ListItemText primary="Support" />
              </ListItemButton>
            ) : (
              <ListItemButton component={RouterLink} to={SUPPORT_PATH} onClick={onClose}>
                <ListItemText primary="Support" />
              </ListItemButton>
            )}
          </ListItem>
        </List>
        <Divider />
        <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
          {session.isLoggedIn && session.identity ? (
            <AccountDrawerSection identity={session.identity} onNavigate={onClose} />
          ) : (
            <>
              <Button href={paths.contactUs} variant="outlined" fullWidth onClick={onClose}>
                Sign up
              </Button>
              <LoginButton fullWidth onClick={onClose} />
            </>
          )}
        </Box>
      </Drawer>
      {isSupportOpen && (
        <Suspense fallback={null}>
          <LazySupportDialog onClose={() => setIsSupportOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
