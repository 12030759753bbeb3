/** Shared steps of the end-to-end specs: signing in through the real sign-in page. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

let nextAddress = 0;

/** Signs in from the current page through /login and the built-in sign-in page, returning to it. */
export async function signIn(page: Page, email: string): Promise<void> {
  const back = new URL(page.url()).pathname;
  // Each sign-in from its own client address (trusted from loopback only): the specs sign in more
  // often per minute than the per-address limit allows one real client.
  nextAddress += 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${nextAddress % 250}` });
  await page.getByRole('link', { name: 'Login', exact: true }).first().click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === back && !url.searchParams.has('s'));
}

/** The search box of the landing page. */
export function searchBox(page: Page) {
  return page.getByRole('region', { name: 'Search courseware' }).getByLabel('Search courseware');
}

/** The access token the app stored after sign-in, for direct API checks. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i)!) ?? '';
      const match = /eyJ[\w-]+\.[\w-]+\.[\w-]+/.exec(value);
      if (match) return match[0];
    }
    return null;
  });
  expect(token, 'an access token in local storage').toBeTruthy();
  return token!;
}
