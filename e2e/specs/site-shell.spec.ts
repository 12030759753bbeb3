/**
 * The website shell (001 §1, §2, §8, §9), run against both brand variants (the `national` and `state`
 * projects): every header and footer link of the default flags renders a page, flags switched by an
 * admin in Site settings, keyboard navigation, the hamburger menu, every "go home", accessibility.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, axeViolations, clientAddress, signIn } from './helpers';

const ADMIN = 'admin@example.edu';
const STUDENT = 'student@example.edu';

/** Static pages of the default flags, by path and heading. */
const STATIC_PAGES = [
  ['/features', 'Features'],
  ['/about', 'About'],
  ['/community', 'Community'],
  ['/terms-of-use', 'Terms of use'],
  ['/rangepricing', 'Range pricing'],
  ['/community/cyber-workshops', 'Cyber workshops'],
  ['/knowledge_base', 'Knowledge base'],
] as const;

async function brandOf(page: Page): Promise<'national' | 'state'> {
  const res = await page.request.get('/dist/env.json');
  return ((await res.json()) as { brand: 'national' | 'state' }).brand;
}

/** The in-app links (no new tab, same origin, not leaving the app) of header and footer. */
async function shellLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('header nav a[href], footer nav a[href]').evaluateAll((links) =>
    links
      .filter((a) => a.getAttribute('target') !== '_blank')
      .map((a) => a.getAttribute('href')!)
      .filter((href) => href.startsWith('/') && !href.startsWith('//')),
  );
  return [...new Set(hrefs)];
}

async function expectNoSeriousViolations(page: Page) {
  expect(await axeViolations(page, { wcagOnly: false }), `${page.url()}`).toEqual([]);
}

test.use({ extraHTTPHeaders: clientAddress(60) });

test('home shows the headline, the call to action, the cards, the steps and the claims', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Teach cybersecurity hands-on/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the features' })).toHaveAttribute('href', '/features');
  for (const title of ['Scalable', 'Flexible', 'Reliable'])
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  for (const step of ['Create a course', 'Invite students', 'Start teaching'])
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  for (const claim of ['Over 400', 'Over 420,000', '40'])
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  const brand = await brandOf(page);
  await expect(page.getByRole('contentinfo')).toContainText(
    brand === 'state' ? 'State Cyber Range' : 'Cyber Range Portal',
  );
  const contact = page.getByRole('banner').getByRole('link', { name: 'Contact us' });
  await expect(contact).toHaveCount(brand === 'national' ? 1 : 0);
});

test('every header and footer link of the default flags leads to a page that renders', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const links = await shellLinks(page);
  expect(links).toEqual(
    expect.arrayContaining(['/features', '/courseware', '/pricing', '/community', '/about', '/terms-of-use']),
  );
  for (const href of links) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
    if (href !== '/') expect(new URL(page.url()).pathname, href).not.toBe('/');
  }
});

test('the help menu holds the knowledge base and Support; Sign up goes to the contact page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('menuitem', { name: 'Knowledge Base' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('the footer links the newsletter sign-up whether the news flag is on or off (001 §2, §9)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The national server runs with news on, the state server with the default (off): both show the link.
  const env = (await (await page.request.get('/dist/env.json')).json()) as { features: { news?: boolean } };
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'News', exact: true })).toHaveCount(
    env.features.news ? 1 : 0,
  );
  const newsletter = footer.getByRole('link', { name: 'Newsletter' });
  await expect(newsletter).toHaveAttribute('href', '/newsletter-signup');
  await newsletter.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter Signup' })).toBeVisible();
});

test('a flag that is off hides its links and route; an admin switching it on shows them after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Jobs' })).toHaveCount(0);
  await page.goto('/jobs');
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await page.goto('/courseware');
  await signIn(page, ADMIN);
  await page.goto('/admin/site-settings');
  const jobs = page.getByRole('switch', { name: 'Jobs page' });
  await expect(jobs).not.toBeChecked();
  // The switch shows the server's answer, so it turns on once the change is stored.
  await jobs.click();
  await expect(jobs).toBeChecked();
  await page.reload();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Jobs' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  for (const perk of ['Health', 'Leave', 'Tuition', 'Collaboration', 'Fast', 'Fun'])
    await expect(page.getByText(`${perk}.`)).toBeVisible();

  // Back to its default, so the next run starts from the same place.
  await page.goto('/admin/site-settings');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Jobs page' })
    .getByRole('button', { name: 'Reset' })
    .click();
  await expect(page.getByRole('switch', { name: 'Jobs page' })).not.toBeChecked();
});

test('keyboard only: the skip link is the first stop and takes focus after each navigation; the announcer speaks', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  // Tab to the header's Features link and follow it with Enter.
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (name === 'Features') break;
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText('navigated to Features');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('at 375 px the hamburger menu opens and closes by keyboard and holds the same links', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.focus();
  await page.keyboard.press('Enter');
  const drawer = page
    .getByRole('presentation')
    .filter({ has: page.getByRole('navigation', { name: 'Main' }) });
  await expect(drawer.getByRole('link', { name: 'Courseware' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Knowledge Base' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('/logout, /login when signed in, the admin guards and an unknown path land on /', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/cr-admin');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/no/such/page-here');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/community/cybered-workshops');
  await expect(page).toHaveURL((url) => url.pathname === '/community/cyber-workshops');

  await page.goto('/courseware');
  await signIn(page, STUDENT);
  await page.goto('/cr-admin');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/admin/site-settings');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/login');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});

test('/unsafe_site warns outside the layout and its incident is listed for admins', async ({
  page,
  request,
}) => {
  await page.goto('/unsafe_site?url=http%3A%2F%2Fblocked.example%2Fgame');
  await expect(page.getByRole('heading', { level: 1, name: 'THIS WEBSITE IS NOT ALLOWED!' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  const token = await apiToken(request, ADMIN);
  await expect
    .poll(async () => {
      const res = await request.get('/api/v1/site/unsafe-site-incidents', {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { items: { address: string | null }[] }).items.map((i) => i.address);
    })
    .toContain('http://blocked.example/game');
});

test('HEAD on an app route answers like GET', async ({ request }) => {
  const head = await request.head('/courseware');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toContain('text/html');
});

for (const [path] of [['/', ''], ...STATIC_PAGES, ['/courseware', '']] as const) {
  test(`no serious or critical accessibility violation on ${path}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
