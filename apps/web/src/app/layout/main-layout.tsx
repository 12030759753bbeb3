import Box from '@mui/material/Box';
import { useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { MAIN_CONTENT_MAX_WIDTH_PX } from '@portal/shared/limits';
import { ImpersonationBanner } from '../../features/identity/components/impersonation-banner';
import { ErrorDialog } from './error-dialog';
import { Footer } from './footer';
import { Header } from './header';
import {
  MAIN_CONTENT_ID,
  NavigationProgress,
  RouteAnnouncer,
  SkipLink,
  useNavigationAids,
} from './navigation-aids';
import { SiteBreadcrumbs } from './site-breadcrumbs';

/**
 * The main layout (001 §2 Layout): skip link, header, breadcrumbs, main content (at most
 * MAIN_CONTENT_MAX_WIDTH_PX wide), footer, the error dialog and the route announcer. Scroll goes to the
 * top when the page changes and is restored on back (ScrollRestoration keyed by path, so filter and
 * paging changes keep the position). No props.
 */
export function MainLayout() {
  const skipLinkRef = useRef<HTMLAnchorElement>(null);
  const announcement = useNavigationAids(skipLinkRef);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink ref={skipLinkRef} />
      <NavigationProgress />
      <ImpersonationBanner />
      <Header />
      <SiteBreadcrumbs />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: MAIN_CONTENT_MAX_WIDTH_PX,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 3,
          outline: 'none',
        }}
      >
        <Outlet />
      </Box>
      <Footer />
      <ErrorDialog />
      <RouteAnnouncer message={announcement} />
      <ScrollRestoration getKey={(location) => location.pathname} />
    </Box>
  );
}
