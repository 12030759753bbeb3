import { lazy } from 'react';

/**
 * The news editor dialog (001 §2), loaded when an editor first adds or edits a news item (issue 22): its
 * rich-text editor and date picker (about 160 kB) stay off the news pages a visitor reads. Props as
 * `NewsDialog`; render it inside a Suspense boundary.
 */
export const LazyNewsDialog = lazy(async () => ({
  default: (await import('./news-dialog')).NewsDialog,
}));
