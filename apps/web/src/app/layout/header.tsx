import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LoginButton } from '../../components/login-button';
import { brandOf } from '../../config/brand';
import { paths } from '../../config/paths';
import { AccountDrawerSection, AccountMenu } from '../../features/identity/components/account-menu';
import { useEnv } from '../../lib/env';
import { useSession } from '../../lib/session';
import { HelpMenu, SUPPORT_PATH, openKnowledgeBase } from './help-menu';
import { headerLinks, isCurrentLink, knowledgeBaseHref } from './nav-links';

/**
 * The site header (001 §2 Header): the logo linking home, the flag-gated links (and Exercises when
 * logged in), the help menu, and Sign up and Login when signed out or the account menu when signed in.
 * Below the `md` breakpoint the links move into a hamburger menu (a drawer) with the same entries.
 * No props.
 */
export function Header() {
  const env = useEnv();
  const session = useSession();
  const location = useLocation();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const drawerId = useId();
  const links = headerLinks(env, session.isLoggedIn);
  const closeDrawer = () => setIsDrawerOpen(false);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          aria-label="Open menu"
          aria-controls={isDrawerOpen ? drawerId : undefined}
          aria-expanded={isDrawerOpen}
          onClick={() => setIsDrawerOpen(true)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          href={paths.home}
          underline="none"
          aria-label={`${brandOf(env.brand).name} home`}
          sx={{ display: 'inline-flex', borderRadius: 1, mr: { xs: 0.5, md: 2 }, minWidth: 0 }}
        >
          <BrandLogo />
        </Link>
        <Box
          component="nav"
          aria-label="Main"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}
        >
          {links.map((link) => {
            const isCurrent = isCurrentLink(link, location.pathname);
            return (
              <Button
                key={link.href}
                href={link.href}
                color="inherit"
                aria-current={isCurrent ? 'page' : undefined}
                sx={{
                  fontWeight: 600,
                  borderRadius: 1,
                  ...(isCurrent && { color: 'primary.main', bgcolor: 'action.selected' }),
                }}
              >
                {link.label}
              </Button>
            );
          })}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        <Box sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
          <HelpMenu />
        </Box>
        {session.isLoggedIn && session.identity ? (
          <AccountMenu identity={session.identity} />
        ) : (
          !session.isLoggedIn && (
            <>
              <Button
                href={paths.contactUs}
                variant="outlined"
                size="small"
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                Sign up
              </Button>
              <LoginButton size="small" />
            </>
          )
        )}
      </Toolbar>

      <Drawer
        id={drawerId}
        open={isDrawerOpen}
        onClose={closeDrawer}
        slotProps={{ paper: { sx: { width: 280 } } }}
      >
        <Box sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <BrandLogo />
          <IconButton aria-label="Close menu" onClick={closeDrawer}>
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
                  onClick={closeDrawer}
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
                closeDrawer();
                openKnowledgeBase(knowledgeBaseHref(env));
              }}
            >
              <ListItemText primary="Knowledge Base" />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to={SUPPORT_PATH} onClick={closeDrawer}>
              <ListItemText primary="Support" />
            </ListItemButton>
          </ListItem>
        </List>
        <Divider />
        <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
          {session.isLoggedIn && session.identity ? (
            <AccountDrawerSection identity={session.identity} onNavigate={closeDrawer} />
          ) : (
            <>
              <Button href={paths.contactUs} variant="outlined" fullWidth onClick={closeDrawer}>
                Sign up
              </Button>
              <LoginButton fullWidth onClick={closeDrawer} />
            </>
          )}
        </Box>
      </Drawer>
    </AppBar>
  );
}
