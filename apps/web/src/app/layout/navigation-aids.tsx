import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ANNOUNCE_DELAY_MS } from '@portal/shared/limits';
import { visuallyHidden } from '../../lib/visually-hidden';

/** The id of the main landmark the skip link targets. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content", the first focusable element of the page; visible only when focused. Moves
 * focus to the main landmark. Props: `ref`.
 */
export function SkipLink({ ref }: { ref: RefObject<HTMLAnchorElement | null> }) {
  return (
    <Box
      component="a"
      ref={ref}
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'common.white',
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus-visible, &:focus': { top: 8 },
        '&:focus:not(:focus-visible)': { top: -48 },
      }}
    >
      Skip to main content
    </Box>
  );
}

/** Takes away the splash of index.html ('Loading'), which covers the page until the first one has drawn. */
function removeSplash(): void {
  document.getElementById('splash')?.remove();
}

/**
 * The frame of the routes outside the layout (001 §2: sign-up, the exercise area, the unsafe-site
 * warning, the conference): the page alone, with the splash taken away once it has drawn, as the layout
 * does for the other routes. No props.
 */
export function StandaloneFrame() {
  useEffect(removeSplash, []);
  return <Outlet />;
}

/**
 * After-navigation behaviour of 001 §2: removes the splash ('Loading') once the first navigation has
 * ended, moves focus to the skip link after each later change of page, and announces 'navigated to'
 * plus the page title ANNOUNCE_DELAY_MS later. Returns the announcement for the live region.
 */
export function useNavigationAids(skipLinkRef: RefObject<HTMLAnchorElement | null>): string {
  const { pathname } = useLocation();
  const lastPathname = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(removeSplash, []);

  useEffect(() => {
    // Only a change of page counts: filters and paging change the query string and keep focus.
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    skipLinkRef.current?.focus();
    const timer = setTimeout(() => setAnnouncement(`navigated to ${document.title}`), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, skipLinkRef]);

  return announcement;
}

/** The screen-reader announcer: a polite live region, visually hidden. Props: `message`. */
export function RouteAnnouncer({ message }: { message: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="route-announcer"
      sx={visuallyHidden}
    >
      {message}
    </Box>
  );
}

/** A thin progress bar at the top while a navigation loads data or code. No props. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-label="Loading page"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        height: 3,
      }}
    />
  );
}
