import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { CREATING_KEY } from '../../../config/paths';
import { CoursewareLandingPage } from './courseware-landing-page';

/** The create form (rich text, date pickers) is loaded only when a curator opens it. */
const CreateContentPage = lazy(async () => ({
  default: (await import('./create-content-page')).CreateContentPage,
}));

/**
 * /courseware (000 §2): the landing and search page, or, with `creating=1`, the create form. The server
 * leaves `creating=1` to the browser (CALLER_PARAMS), where the create form decides once the caller is
 * known (issue 34, GuardRedirect).
 */
export function CoursewareIndexPage() {
  const [params] = useSearchParams();
  if (params.get(CREATING_KEY) !== '1') return <CoursewareLandingPage />;
  return (
    <Suspense fallback={null}>
      <CreateContentPage />
    </Suspense>
  );
}
