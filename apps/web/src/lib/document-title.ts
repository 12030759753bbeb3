import { useEffect } from 'react';

/**
 * Sets the document title while the calling page is shown; the route announcer reads it (001 §2).
 * @param title the page title, e.g. a content name (000 §2 falls back to "Courseware")
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
