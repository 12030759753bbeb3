import type { Ref } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & {
  href: RouterLinkProps['to'];
  ref?: Ref<HTMLAnchorElement>;
};

/** True for addresses that leave the app (another origin, mail, the server's own pages). */
function isExternal(href: RouterLinkProps['to']): href is string {
  return (
    typeof href === 'string' &&
    (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('/auth/'))
  );
}

/**
 * Lets MUI `Link` and `Button` with `href` navigate inside the app through React Router, and leave it
 * with a plain anchor for external addresses. Installed as the theme's default link component.
 * Props: those of an anchor, with `href` as a router target.
 */
export function LinkBehavior({ href, ref, ...props }: LinkBehaviorProps) {
  if (isExternal(href)) return <a ref={ref} href={href} {...props} />;
  return <RouterLink ref={ref} to={href} {...props} />;
}
