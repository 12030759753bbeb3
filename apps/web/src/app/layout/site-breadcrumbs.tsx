import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLocation, useMatches } from 'react-router';
import { MAIN_CONTENT_MAX_WIDTH_PX } from '@portal/shared/limits';
import { paths } from '../../config/paths';

export interface Crumb {
  label: string;
  /** Where the crumb links; null for a segment that is no page of its own (`/newsletter` of `/newsletter/confirm`). */
  href: string | null;
}

/** The app's own page paths (config/paths.ts; its functions make item addresses), without queries. */
const APP_PAGES = new Set(
  Object.values(paths).flatMap((href) => (typeof href === 'string' ? [href.split('?')[0]!] : [])),
);

/** Whether `href` is a page of the app's route table that a crumb may link to (issue 34: no dead crumbs). */
function isAppPage(href: string): boolean {
  return APP_PAGES.has(href);
}

/** Paths where the shell shows no breadcrumbs: the root, alias routes (they have their own), sign-in. */
function isHidden(pathname: string): boolean {
  return (
    pathname === '/' || pathname.startsWith('/courseware/') || pathname === '/login' || pathname === '/logout'
  );
}

/** What a route says of the shell through its `handle`: dynamic pages hide the breadcrumbs (001 §2). */
/** What a route tells the shell, as its `handle` or its loader's data. */
export interface ShellHandle {
  hidesBreadcrumbs?: boolean;
}

/** Whether a matched route asks for no breadcrumbs, by its handle or (decided when loaded) its data. */
function useRouteHidesBreadcrumbs(): boolean {
  return useMatches().some(
    (match) =>
      (match.handle as ShellHandle | undefined)?.hidesBreadcrumbs === true ||
      (match.data as ShellHandle | null | undefined)?.hidesBreadcrumbs === true,
  );
}

/** Decodes a path segment; a malformed escape is shown as it is. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Crumbs of a path (001 §2 Breadcrumbs): Home, then one per segment; hyphens become spaces, and
 * underscores too in the last segment. A segment's crumb links to its path only when `isPage` says a page
 * is there (issue 34: a crumb never leads to a missing page); the last crumb is the current page.
 */
export function crumbsOf(pathname: string, isPage: (href: string) => boolean = isAppPage): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    let label = safeDecode(segment).replace(/-/g, ' ');
    if (isLast) label = label.replace(/_/g, ' ');
    const href = `/${segments.slice(0, index + 1).join('/')}`;
    crumbs.push({
      label: label.charAt(0).toUpperCase() + label.slice(1),
      href: isLast || isPage(href) ? href : null,
    });
  });
  return crumbs;
}

/** The shell's breadcrumbs (001 §2), hidden at the root, on alias routes and on dynamic pages. No props. */
export function SiteBreadcrumbs() {
  const { pathname } = useLocation();
  const routeHides = useRouteHidesBreadcrumbs();
  if (routeHides || isHidden(pathname)) return null;
  const crumbs = crumbsOf(pathname);
  return (
    <Box sx={{ maxWidth: MAIN_CONTENT_MAX_WIDTH_PX, width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, pt: 2 }}>
      <Breadcrumbs aria-label="Breadcrumbs" separator={<NavigateNextIcon fontSize="small" />}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Typography key={index} color="text.primary" aria-current="page">
              {crumb.label}
            </Typography>
          ) : crumb.href === null ? (
            <Typography key={index} color="text.secondary">
              {crumb.label}
            </Typography>
          ) : (
            <Link key={index} href={crumb.href} color="inherit">
              {crumb.label}
            </Link>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
