/**
 * Contact and newsletter end to end (issue 12 "What must show"; 001 §2, §4, §5): the contact form's empty
 * submit focuses Name and prefixes its messages, a sent message shows the confirmation and reaches the
 * outbox; the newsletter confirmation and its button, and the e-mail's link confirms without sign-in;
 * no serious or critical axe violation on either page.
 */
import { expect, test } from './fixtures';
import { apiToken, clientAddress, latestMail, seriousViolations } from './helpers';

test.use({ extraHTTPHeaders: clientAddress(31) });

test('contact: the empty submit focuses Name with prefixed errors; a sent message is confirmed and e-mailed', async ({
  page,
  request,
}) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText(/Thank you for your interest/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  const alerts = page.getByRole('alert');
  await expect(alerts.first()).toHaveText('Error: This field is required.');
  await expect(page.getByRole('radiogroup', { name: 'What would you like to discuss?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Name' }).fill('Mina Park');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(page.getByText('Error: Please enter a valid e-mail address.')).toBeVisible();

  const stamp = Date.now();
  const email = `mina.${stamp}@college.example.edu`;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Organization' }).fill('Example College');
  await page.getByRole('radio', { name: 'Request a Demo' }).check();
  await page.getByRole('textbox', { name: 'Subject' }).fill(`Demo ${stamp}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('We would like to see the range for our course.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText('We appreciate your inquiry, one of our representatives will contact you shortly.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);

  const admin = await apiToken(request, 'admin@example.edu');
  const mail = await latestMail(request, admin, 'support@example.edu', /^Contact Us Request$/);
  expect(mail.text).toContain(`Subject: Demo ${stamp}`);
  expect(mail.text).toContain(`Email: ${email}`);
  expect(mail.text).toContain('Topic: Request a Demo');

  // The other reading of the address is the same page.
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
});

test('newsletter: the confirmation and its button; the e-mailed link confirms without signing in', async ({
  page,
  request,
}) => {
  await page.goto('/newsletter-signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter Signup' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();

  const email = `reader.${Date.now()}@example.org`;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Rita');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Reader');
  await page.getByRole('textbox', { name: 'Organization' }).fill('Example University');
  await page.getByRole('textbox', { name: 'Job Title' }).fill('Lecturer');
  await expect(page.getByRole('radio', { name: 'HTML' })).toBeChecked();
  await page.getByRole('radio', { name: 'TEXT' }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for signing up!' })).toBeVisible();
  await expect(page.getByText(/we have sent you an e-mail with a link/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit our community' })).toHaveAttribute('href', '/community');
  expect(await seriousViolations(page)).toEqual([]);

  const admin = await apiToken(request, 'admin@example.edu');
  const mail = await latestMail(request, admin, email, /^Please confirm your subscription/);
  const link = /https?:\/\/[^/\s]+(\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(mail.text).toMatch(/\/newsletter\/unsubscribe\?token=/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByText('Thank you: your subscription is confirmed.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
