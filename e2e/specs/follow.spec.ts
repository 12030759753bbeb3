/**
 * Following courseware end to end (issue 37 "Follow"): faculty downloads a lab sheet and is offered to
 * follow it, follows, sees it on the account page with the digest's frequency, changes the frequency,
 * follows the course and sees the lab followed through it, unfollows; the unsubscribe page of a digest
 * refuses a link the portal did not sign; a visitor sees no Follow button.
 */
import { expect, test } from './fixtures';
import { axeViolations, signIn, fileDownloadButton } from './helpers';

const XSS_SHEET = 'Web Security: Cross-Site Scripting';
const XSS_PATH = '/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting';
const XSS_FILE = 'Web Security: Cross-Site Scripting (lab sheet)';
const COURSE = 'Hacktivity Lab Sheets';

test('faculty is offered to follow after a download, follows, and manages it on the account page', async ({
  page,
}) => {
  await page.goto(XSS_PATH);
  await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  await signIn(page, 'faculty@example.edu');
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');

  const download = page.waitForEvent('download');
  await fileDownloadButton(page, XSS_FILE).click();
  await download;
  const offer = page.getByRole('alert').filter({ hasText: 'Follow this item to hear when it changes?' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Follow' }).click();
  await expect(offer).toBeHidden();
  const following = page.getByRole('button', { name: 'Following' });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  // A reload keeps it: it is stored, not only drawn.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Following' });
  await expect(section.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  const list = section.getByRole('list', { name: 'Items you follow' });
  await expect(list.getByRole('link', { name: XSS_SHEET })).toBeVisible();
  await section.getByRole('radio', { name: 'Daily' }).check();
  await section.getByRole('button', { name: 'Save digest' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved: daily.');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Following' }).getByRole('radio', { name: 'Daily' }),
  ).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  // Following the course covers the lab: the lab page says so, with a link to the course.
  await page.goto('/courseware/hacktivity-lab-sheets');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.goto('/account');
  await page
    .getByRole('list', { name: 'Items you follow' })
    .getByRole('listitem')
    .filter({ hasText: XSS_SHEET })
    .getByRole('button', { name: 'Unfollow' })
    .click();
  await expect(page.getByRole('list', { name: 'Items you follow' }).getByText(XSS_SHEET)).toHaveCount(0);
  await page.goto(XSS_PATH);
  await expect(page.getByText('You follow this item through')).toBeVisible();
  await expect(page.getByRole('link', { name: COURSE }).last()).toHaveAttribute(
    'href',
    '/courseware/hacktivity-lab-sheets',
  );

  // Leave the demo account as it was for the other specs.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByText('You follow nothing yet.')).toBeVisible();
});

test('the unsubscribe page refuses a link the portal did not sign and says what to do', async ({ page }) => {
  await page.goto('/follows/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged');
  await expect(page.getByRole('heading', { level: 1, name: 'Stop the digests' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop the digests' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expect(page.getByRole('alert')).toContainText('account page');
});
