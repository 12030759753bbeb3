/**
 * The `test` of every spec: Playwright's, with a page whose `goto` and `reload` return once the app has
 * started (issue 22). A server-rendered page shows its controls before the browser has hydrated them, and
 * a click or keystroke before then is lost, as a person's would be on a slow phone; the app marks
 * `<html data-app-ready>` when its first render has committed, and `<html data-session-known>` once the page
 * is drawn for the stored session (a server-rendered page is drawn for a visitor, then the session signs in:
 * a test reading the page before would see the visitor's view). Pages without the app (the sign-in pages of
 * /auth, files) and pages opened with JavaScript off are not waited for.
 */
import { test as base, type Page, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

/** Waits until `page` is drawn for its stored session (or holds no app); for pages the fixture did not open. */
export async function untilAppReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset['sessionKnown'] === 'true' || !document.getElementById('root'),
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>): Promise<Response | null> => {
      const response = await goto(...args);
      await untilAppReady(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>): Promise<Response | null> => {
      const response = await reload(...args);
      await untilAppReady(page);
      return response;
    };
    await use(page);
  },
});
