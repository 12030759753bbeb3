import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { CoursewareLandingPage } from './courseware-landing-page';

/** The create form (rich text, date pickers) is loaded only when a curator opens it. */
const CreateContentPage = lazy(async () => ({
  default: (await import('./create-content-page')).CreateContentPage,
}));

/** The creating flag of /courseware?creating=1 (000 §2). */
export const CREATING_KEY = 'creating';

/**
 * /courseware (000 §2): the landing and search page, or, with `creating=1`, the create form.
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
