/**
 * The support dialog end to end (issue 12 "What must show"; 001 §2 Support dialog, §4, §5): faculty open
 * it from the help menu, an empty submit focuses the topic with its error under it, a course topic offers
 * the courses they are on, and after sending the recipients dialog lists the one who invited them to the
 * course with the role as readable text, and the support address (issue 20); no serious or critical axe
 * violation on the dialog. Signed out, Support goes to
 * the contact page; on a phone the hamburger menu's Support opens the same dialog when signed in.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, latestMail, seriousViolations, signIn } from './helpers';

const openSupport = async (page: Page) => {
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Support' }).click();
};

test('signed out, Support goes to the contact page', async ({ page }) => {
  await page.goto('/');
  await openSupport(page);
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('on a phone, Support in the hamburger menu opens the dialog when signed in', async ({ page }) => {
  await page.goto('/courseware');
  await signIn(page, 'faculty@example.edu');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Request support' })).toBeVisible();
  await expect(page).toHaveURL(/\/courseware$/);
});

test('faculty send a course support request and see its recipients', async ({ page, request }) => {
  // A published course the faculty member is on: the curator invited them to it (taken up at sign-in).
  const courseName = `Support Course ${Date.now()}`;
  const curator = await apiToken(request, 'curator@example.edu');
  const created = await request.post('/api/v1/content', {
    headers: { authorization: `Bearer ${curator}` },
    data: {
      name: courseName,
      description: '<p>For the support test.</p>',
      categories: ['course'],
      status: 'published',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as { id: string };
  const invited = await request.post(`/api/v1/courses/${course.id}/invitations`, {
    headers: { authorization: `Bearer ${curator}` },
    data: { emails: ['faculty@example.edu'] },
  });
  expect(invited.status(), await invited.text()).toBeLessThan(300);

  await page.goto('/courseware');
  await signIn(page, 'faculty@example.edu');
  await openSupport(page);
  const dialog = page.getByRole('dialog', { name: 'Request support' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Topic' })).toBeVisible();
  // The identity has an e-mail: it is not asked.
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Topic' })).toBeFocused();
  await expect(dialog.getByRole('alert').first()).toHaveText('This field is required.');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'A course I teach or take' }).click();
  await dialog.getByRole('combobox', { name: 'Course' }).click();
  await page.getByRole('option', { name: courseName }).click();
  const stamp = Date.now();
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(`Lab help ${stamp}`);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('The second lab will not start for my class.');
  await dialog.getByRole('button', { name: 'Send' }).click();

  await expect(dialog).toHaveCount(0);
  const recipients = page.getByRole('dialog', { name: 'Your request was sent' });
  await expect(recipients).toBeVisible();
  const list = recipients.getByRole('list', { name: 'Recipients' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Carl Curator');
  await expect(list.getByRole('listitem').first()).toContainText('Instructor');
  expect(await seriousViolations(page)).toEqual([]);
  await recipients.getByRole('button', { name: 'Close' }).click();
  await expect(recipients).toHaveCount(0);

  const admin = await apiToken(request, 'admin@example.edu');
  const mail = await latestMail(
    request,
    admin,
    'curator@example.edu',
    new RegExp(`^Support request: Lab help ${stamp}$`),
  );
  expect(mail.text).toContain(`Course: ${courseName}`);
  expect(mail.text).toContain('The second lab will not start for my class.');
});
