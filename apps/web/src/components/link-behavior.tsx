import type { Ref } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';
import { isDocumentLink } from '@portal/shared/server-paths';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & {
  href: RouterLinkProps['to'];
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * Lets MUI `Link` and `Button` with `href` navigate inside the app through React Router, and leave it with
 * a plain anchor for every address the app has no page for (issue 34, `isDocumentLink`: another site, the
 * API, a feed, a file) and for every link with a `download` attribute, which the browser saves instead of
 * following. Installed as the theme's default link component. Props: those of an anchor, with `href` as a
 * router target.
 */
export function LinkBehavior({ href, ref, ...props }: LinkBehaviorProps) {
  const isDownload = props.download !== undefined && props.download !== false;
  if (typeof href === 'string' && (isDownload || isDocumentLink(href)))
    return <a ref={ref} href={href} {...props} />;
  return <RouterLink ref={ref} to={href} {...props} />;
}
