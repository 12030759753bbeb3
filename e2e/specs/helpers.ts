/** Shared steps of the end-to-end specs: signing in through the real sign-in page. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo';

/** Signs in from the current page through /login and the built-in sign-in page, returning to it. */
export async function signIn(page: Page, email: string): Promise<void> {
  const back = new URL(page.url()).pathname;
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
