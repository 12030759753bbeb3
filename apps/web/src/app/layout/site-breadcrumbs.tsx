import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLocation, useMatches } from 'react-router';
import { MAIN_CONTENT_MAX_WIDTH_PX } from '@portal/shared/limits';

export interface Crumb {
  label: string;
  href: string;
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
 * underscores too in the last segment.
 */
export function crumbsOf(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    let label = safeDecode(segment).replace(/-/g, ' ');
    if (isLast) label = label.replace(/_/g, ' ');
    crumbs.push({
      label: label.charAt(0).toUpperCase() + label.slice(1),
      href: `/${segments.slice(0, index + 1).join('/')}`,
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
            <Typography key={crumb.href} color="text.primary" aria-current="page">
              {crumb.label}
            </Typography>
          ) : (
            <Link key={crumb.href} href={crumb.href} color="inherit">
              {crumb.label}
            </Link>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
