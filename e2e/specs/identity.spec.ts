/**
 * The session end to end (issue 5 "What must show"; 001 §2 entry guard, /exercises; §4 Session; §8):
 * sign-up with the confirmation e-mail read from the outbox, sign-in, the refresh timer with the clock
 * moved forward and the logout after a failed refresh, `?t=` and `?s=` (with the tab's PKCE verifier)
 * leaving a clean address, /logout asking first, and /exercises sending the browser to the range UI
 * with a single-sign-on code.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  apiToken,
  authLink,
  axeViolations,
  clientAddress,
  latestMail,
  signIn,
  signInCode,
  signUpStudent,
  storedAccessToken,
} from './helpers';

const RANGE_UI = 'https://range.example.edu';

test.use({ extraHTTPHeaders: clientAddress(11) });

/** The expiry the app keeps with its token (seconds, by the page's clock). */
async function storedExpiry(page: Page): Promise<number> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('portal.session') ?? '{"expiresAt":0}').expiresAt as number,
  );
}

/** A unique address per run, so the specs may run again on the same data folder. */
const unique = (name: string) => `${name}.${Date.now().toString(36)}@school.example`;

test('a visitor signs up, confirms the address from the e-mail, and signs in', async ({ page, request }) => {
  const email = unique('nia');
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/auth\/signup\?redirect=%2Fcourseware/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  expect(await axeViolations(page, { all: true })).toEqual([]);

  await page.getByLabel('Name').fill('Nia New');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const admin = await apiToken(request, 'admin@example.edu');
  const mail = await latestMail(request, admin, email, /^Confirm your e-mail address/);
  await page.goto(authLink(mail));
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/courseware' && !url.search.includes('s='));
  await page.getByRole('button', { name: /^Account menu of Nia New/ }).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
});

test('the token is refreshed before it ends, and a failed refresh logs out with "Your session has expired."', async ({
  page,
  request,
}) => {
  const email = unique('tim');
  const password = 'a long enough password';
  const admin = await apiToken(request, 'admin@example.edu');
  await signUpStudent(request, admin, { name: 'Tim Timer', email, password });

  await page.clock.install();
  await page.goto('/courseware');
  await signIn(page, email, password);
  const expiryBefore = await storedExpiry(page);

  // 59 minutes and 10 s later the timer (60 s before expiry) has fetched a new token, which the app
  // keeps with a new expiry an hour after the refresh (by the page's clock).
  // After the refresh the app logs in again with the new token (GET /auth/session); only then is its
  // next refresh timer set, so the role may be taken away only after that answer.
  const tokenBefore = await storedAccessToken(page);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
  const sessionOfNewToken = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/v1/auth/session') &&
      r.request().headers()['authorization'] !== `Bearer ${tokenBefore}`,
  );
  await page.clock.fastForward('59:10');
  const response = await refreshed;
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const session = await sessionOfNewToken;
  expect(session.request().headers()['authorization']).toBe(`Bearer ${accessToken}`);
  expect(session.status()).toBe(200);
  await expect.poll(() => storedExpiry(page)).toBeGreaterThan(expiryBefore + 3500);
  expect(await storedAccessToken(page)).toBe(accessToken);
  await expect(page.getByRole('button', { name: /^Account menu of Tim Timer/ })).toBeVisible();

  // The role is taken away meanwhile: the next refresh is refused, and the user is logged out.
  const users = await request.get(`/api/v1/admin/users?q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const [user] = (await users.json()).items as { id: string }[];
  expect(user, 'the new account is listed').toBeDefined();
  const id = user!.id;
  const removed = await request.delete(`/api/v1/admin/users/${id}/roles/student`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(removed.status()).toBe(200);

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
  await page.clock.fastForward('59:10');
  expect((await refused).status()).toBe(401);
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog.getByText('Your session has expired.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await storedAccessToken(page)).toBeNull();
});

test('query s and query t log in and leave a clean address', async ({ page, request }) => {
  // A code this tab did not ask for (no verifier kept here) is dropped: it signs nobody in.
  const stolen = await signInCode(request, 'faculty@example.edu');
  await page.goto(`/courseware?s=${stolen.code}`);
  await expect(page).toHaveURL((url) => url.pathname === '/courseware' && url.search === '');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  // A code minted for the challenge of the verifier this tab keeps, as /login leaves it.
  const { code, verifier } = await signInCode(request, 'faculty@example.edu');
  await page.evaluate((value) => sessionStorage.setItem('portal.pkce-verifier', value), verifier);
  await page.goto(`/courseware?s=${code}&v=1712345678&q=xss`);
  await expect(page).toHaveURL((url) => url.pathname === '/courseware' && url.search === '?q=xss');
  await expect(page.getByRole('button', { name: /^Account menu of Fay Faculty/ })).toBeVisible();

  // The code was single-use.
  const again = await request.post('/api/v1/auth/token', { data: { code, code_verifier: verifier } });
  expect(again.status()).toBe(401);

  // /logout asks first; Sign out ends the session.
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1, name: /^Sign out of / })).toBeVisible();
  expect(await storedAccessToken(page)).not.toBeNull();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  const token = await apiToken(request, 'curator@example.edu');
  await page.goto(`/courseware?t=${token}`);
  await expect(page).toHaveURL((url) => url.pathname === '/courseware' && url.search === '');
  await expect(page.getByRole('button', { name: /^Account menu of Carl Curator/ })).toBeVisible();
  expect(await storedAccessToken(page)).toBe(token);
});

test('/exercises sends a signed-in user to the range UI with a single-sign-on code, a visitor plain', async ({
  page,
  request,
}) => {
  await page.route(`${RANGE_UI}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Range UI</title><h1>Range UI</h1>',
    }),
  );
  await page.goto('/exercises');
  await expect(page).toHaveURL(`${RANGE_UI}/`);

  await page.goto('/courseware');
  await signIn(page, 'faculty@example.edu');
  await page.getByRole('banner').getByRole('link', { name: 'Exercises' }).click();
  await expect(page).toHaveURL(/^https:\/\/range\.example\.edu\/\?s=[\w-]{20,}$/);
  const code = new URL(page.url()).searchParams.get('s')!;
  // The range UI exchanges it once, within a minute, for a token of its own audience; the portal
  // gives no portal token for it.
  const exercise = { code, audience: 'exercise-area' };
  const exchanged = await request.post('/api/v1/auth/token', { data: exercise });
  expect(exchanged.status()).toBe(200);
  expect((await request.post('/api/v1/auth/token', { data: exercise })).status()).toBe(401);
});

test('logout in one browser ends the session in another at its next request', async ({
  browser,
  request,
}) => {
  const email = unique('lou');
  const password = 'two browsers one account';
  const admin = await apiToken(request, 'admin@example.edu');
  await signUpStudent(request, admin, { name: 'Lou Logout', email, password });

  const first = await browser.newContext({ extraHTTPHeaders: clientAddress(12) });
  const second = await browser.newContext({ extraHTTPHeaders: clientAddress(13) });
  try {
    const one = await first.newPage();
    const two = await second.newPage();
    for (const page of [one, two]) {
      await page.goto('/courseware');
      await signIn(page, email, password);
    }
    expect(await storedAccessToken(one)).not.toBe(await storedAccessToken(two));

    await one.getByRole('button', { name: /^Account menu of Lou Logout/ }).click();
    await one.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(one.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();

    // The second browser still holds its token; its next request is refused and it is signed out.
    expect(await storedAccessToken(two)).not.toBeNull();
    await two.reload();
    // The second browser says so in the error dialog, and is signed out behind it.
    const dialog = two.getByRole('dialog', { name: 'Error' });
    await expect(dialog.getByText('Your session has expired.')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(two.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await storedAccessToken(two)).toBeNull();
  } finally {
    await first.close();
    await second.close();
  }
});
