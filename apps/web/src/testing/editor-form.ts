/**
 * Queries for tests of the large content edit form (edit and create mode), which render the whole app
 * in jsdom. On a busy 2-core machine a render and a query take seconds, so these tests get more time
 * than the defaults, and they find fields by the form's own data-field marks rather than by role.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { renderApp } from './render-app';

/** How long a test waits for the form to render, in milliseconds. */
export const SLOW_RENDER_MS = 15_000;
/** How long one such test may take, in milliseconds. */
export const SLOW_TEST_MS = 60_000;

/** A form field by its path (the form marks each with data-field); role queries are slow on this large form. */
export const field = (path: string) => document.querySelector<HTMLElement>(`[data-field="${path}"]`)!;

/** A button by its exact text. */
export const button = (text: string) => screen.getByText(text, { selector: 'button' }) as HTMLButtonElement;

/** Waits for the page's title (h1) ending with `text`. */
export const findTitle = (text: string) =>
  waitFor(
    () => {
      const title = [...document.querySelectorAll('h1')].find((h) => h.textContent?.endsWith(text));
      expect(title, `h1 "${text}"`).toBeTruthy();
      return title!;
    },
    { timeout: SLOW_RENDER_MS },
  );

/** Types by pasting: one input event instead of one per key keeps these big forms quick. */
export async function typeIn(user: ReturnType<typeof renderApp>['user'], element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}
