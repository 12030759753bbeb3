import { Suspense, lazy } from 'react';
import { useReportedError } from '../../lib/error-reporting';
import { useOpenedOnce } from '../../lib/use-opened-once';

/** The modal's code loads with the first reported error. */
const ErrorModal = lazy(async () => ({ default: (await import('./error-modal')).ErrorModal }));

/**
 * The shell's error modal (001 §8, `ErrorModal`): nothing until an error is reported, then the modal,
 * whose code loads at that moment. No props.
 */
export function ErrorDialog() {
  const hasError = useOpenedOnce(useReportedError() !== null);
  return hasError ? (
    <Suspense fallback={null}>
      <ErrorModal />
    </Suspense>
  ) : null;
}
