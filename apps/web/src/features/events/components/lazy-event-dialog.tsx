import { lazy } from 'react';

/**
 * The event editor dialog (001 §2), loaded when an editor first adds or edits an event (issue 22): its
 * form and date-time picker stay off the event pages a visitor reads. Props as `EventDialog`; render it
 * inside a Suspense boundary.
 */
export const LazyEventDialog = lazy(async () => ({
  default: (await import('./event-dialog')).EventDialog,
}));
