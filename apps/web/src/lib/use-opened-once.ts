import { useState } from 'react';

/**
 * Whether `isOpen` has been true at least once in this component's life: a popup whose code loads lazily
 * is mounted from its first opening on, so that it can also play its closing transition.
 */
export function useOpenedOnce(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
