import { useLocation } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { createLtiStartLoader } from '../loaders';
import { DeepLinkingPage } from './deep-linking-page';
import { LtiPlatformsPage } from './lti-platforms-page';
import { LtiStartPage } from './lti-start-page';

const startLoader = createLtiStartLoader();

/**
 * The loader of the LTI pages (issue 26): /lti/start hands a launch on to the server's sign-on; the
 * others need nothing before they render (the admin screen sends anyone else home itself). One lazily
 * loaded module keeps LTI out of the first download.
 */
export function ltiLoader(args: LoaderFunctionArgs) {
  return new URL(args.request.url).pathname === '/lti/start' ? startLoader(args) : null;
}

/**
 * /admin/lti (the LMS platforms), /lti/start and /lti/deep-linking/:launchId; any other /lti path is the
 * picker's "expired" answer. No props.
 */
export function LtiPage() {
  const { pathname } = useLocation();
  if (pathname === '/admin/lti') return <LtiPlatformsPage />;
  if (pathname === '/lti/start') return <LtiStartPage />;
  const launchId = /^\/lti\/deep-linking\/([^/]+)$/.exec(pathname)?.[1] ?? '';
  return <DeepLinkingPage launchId={decodeURIComponent(launchId)} />;
}
