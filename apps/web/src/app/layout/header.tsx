import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, lazy, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LoginButton } from '../../components/login-button';
import { brandOf } from '../../config/brand';
import { paths } from '../../config/paths';
import { AccountMenu } from '../../features/identity/components/account-menu';
import { useEnv } from '../../lib/env';
import { useSession } from '../../lib/session';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { HelpMenu } from './help-menu';
import { headerLinks, isCurrentLink } from './nav-links';

/** The hamburger menu's drawer loads when it first opens. */
const HeaderDrawer = lazy(async () => ({ default: (await import('./header-drawer')).HeaderDrawer }));

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
  const hasOpenedDrawer = useOpenedOnce(isDrawerOpen);

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

      {hasOpenedDrawer && (
        <Suspense fallback={null}>
          <HeaderDrawer id={drawerId} open={isDrawerOpen} links={links} onClose={closeDrawer} />
        </Suspense>
      )}
    </AppBar>
  );
}
