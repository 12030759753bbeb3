/**
 * Changes to courseware, as the people they concern see them (issue 37), end to end on the demo data:
 * - a faculty member downloads the XSS lab sheet and follows it; a curator replaces its file and edits
 *   its description through the API; the faculty member is told "Changed since you downloaded it" in
 *   the search results and on the item page, whose link opens the History dialog with the word diff of
 *   the description and the file marked replaced. Put back afterwards (description and file contents,
 *   the follow).
 * - the preview of each kind of file, as faculty: the XSS sheet's Markdown and a SEED lab's LaTeX
 *   handout from the demo data, and a PDF (page by page, its text layer, find) and a PNG a curator
 *   uploads first (the demo data hold neither); Download in the dialog, Escape closes it and the focus
 *   goes back to the Preview button.
 * - a student and a visitor get no Preview button, and the preview API refuses them (403, 401).
 * - the digest's one-click unsubscribe address, signed out: it takes a POST only, and only with a token
 *   the portal signed.
 * - then an admin sends the faculty member's digest now (it is due a week after the follow): it arrives
 *   at the run's SMTP peer (mail-peer.ts) naming the item with a link to its history and RFC 8058's
 *   one-click headers; the one-click POST, signed out, stops the digests and leaves the follow.
 */
import { readFile } from 'node:fs/promises';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { SINGLE_DOWNLOAD_WAIT_MS } from '@portal/shared/limits';
import { ContentSchema, toUpdateRequest, type Content } from '@portal/shared/schemas/courseware';
import { expect, test, untilAppReady } from './fixtures';
import { apiToken, clientAddress, fileDownloadButton, searchBox, signIn } from './helpers';
import { mimeParts } from '../../apps/server/src/testing/smtp-peer';
import { mailsTo } from '../mail-peer';
import { manyPagesPdf, png } from './made-files';
import { ACCOUNTS, XSS_SHEET } from './route-table';

test.use({ extraHTTPHeaders: clientAddress(81) });

const XSS_FILE = 'Web Security: Cross-Site Scripting (lab sheet)';
/** A SEED lab whose handout is LaTeX (Crypto_RSA.tex); no other spec opens it. */
const TEX_LAB = {
  alias: 'seed-labs/crypto-labs/rsa-public-key-encryption-and-signature-lab',
  file: 'RSA Public-Key Encryption and Signature Lab (lab handout, LaTeX)',
  fileName: 'Crypto_RSA.tex',
};
/** The words the curator's edit puts in place of the description's first two. */
const EDIT = { from: 'Learn about', to: 'Practise defending against' };

/** The item at `alias`, as the API gives it to the holder of `token`. */
async function contentOf(request: APIRequestContext, alias: string, token: string): Promise<Content> {
  const res = await request.get(`/api/v1/content/${encodeURIComponent(alias)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ContentSchema.parse(await res.json());
}

/** Saves `content` whole with `description` (as the edit form does); returns the new version. */
async function saveDescription(
  request: APIRequestContext,
  token: string,
  content: Content,
  description: string,
) {
  const res = await request.put(`/api/v1/content/${content.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ...toUpdateRequest(content), description },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { version: number }).version;
}

/** Replaces a file's contents (PUT /files/{id}/content, multipart); returns the item's new version. */
async function replaceFile(
  request: APIRequestContext,
  token: string,
  fileId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const res = await request.put(`/api/v1/files/${fileId}/content`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { version: number }).version;
}

/**
 * Opens the preview of the file row `file` ("{label}, {file name}"), checks the dialog shows what
 * `shows` expects, that its Download downloads the file, and that Escape closes it with the focus back
 * on the Preview button.
 */
async function checkPreview(
  page: Page,
  file: { label: string; fileName: string },
  shows: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const button = page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: `Preview ${file.label}, ${file.fileName}` });
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: file.label })).toBeVisible();
  await expect(dialog.getByText('Previewing does not count as a download.')).toBeVisible();
  await shows(dialog);
  // The page takes one download at a time: a click within SINGLE_DOWNLOAD_WAIT_MS of the last download
  // (the previous file's, in this spec) is ignored, as a double click is.
  await page.waitForTimeout(SINGLE_DOWNLOAD_WAIT_MS);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await downloading).suggestedFilename()).toBe(file.fileName);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
}

/** A header of a raw message, its folded lines joined; undefined when it has none. */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(head)?.[1]?.trim();
}

/**
 * As an admin in a browser of its own, sends the faculty member's follow digest now from the users
 * admin (the digest names `item`, changed since the follow); then reads it at the SMTP peer and uses its
 * one-click unsubscribe signed out: the digests stop, the follow stays. Puts the weekly digest back.
 */
async function expectDigestArrives(browser: Browser, item: { name: string; alias: string }) {
  const before = mailsTo(ACCOUNTS.faculty).length;
  const context = await browser.newContext({ extraHTTPHeaders: clientAddress(82) });
  const admin = await context.newPage();
  await admin.goto('/courseware');
  await signIn(admin, ACCOUNTS.admin);
  await admin.goto('/admin/users');
  await admin.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Fay Faculty' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Fay Faculty' });
  await dialog.getByRole('button', { name: 'Send their digest now' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Sent: a digest of 1 changed item is on its way to ${ACCOUNTS.faculty}.`,
  );
  await context.close();

  await expect.poll(() => mailsTo(ACCOUNTS.faculty).length, { timeout: 30_000 }).toBeGreaterThan(before);
  const digest = mailsTo(ACCOUNTS.faculty).at(-1)!;
  expect(headerOf(digest.raw, 'Subject')).toBe('Courseware you follow: 1 item changed');
  const text = mimeParts(digest.raw)
    .find((part) => part.headers.includes('text/plain'))!
    .body.toString('utf8');
  expect(text).toContain(`- ${item.name} (changed:`);
  expect(text).toContain(`/courseware/${item.alias}?history=1`);
  expect(headerOf(digest.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = new URL(/^<([^>]+)>$/.exec(headerOf(digest.raw, 'List-Unsubscribe') ?? '')![1]!);
  expect(unsubscribe.pathname).toBe('/api/v1/follows/unsubscribe');

  // The mail client's one-click POST, signed out (a context with no session): the digests stop, and
  // nothing else does.
  const signedOut = await playwrightRequest.newContext({ baseURL: unsubscribe.origin });
  const stopped = await signedOut.post(`${unsubscribe.pathname}${unsubscribe.search}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(stopped.status()).toBe(200);
  expect(await stopped.json()).toEqual({ frequency: 'off' });
  const faculty = { authorization: `Bearer ${await apiToken(signedOut, ACCOUNTS.faculty)}` };
  const state = await signedOut.get(`/api/v1/content/${encodeURIComponent(item.alias)}`, {
    headers: faculty,
  });
  const follow = await signedOut.get(`/api/v1/content/${ContentSchema.parse(await state.json()).id}/follow`, {
    headers: faculty,
  });
  expect(((await follow.json()) as { following: boolean }).following).toBe(true);
  const weekly = await signedOut.put('/api/v1/account/follow-digest', {
    headers: faculty,
    data: { frequency: 'weekly' },
  });
  expect(weekly.status()).toBe(200);
  await signedOut.dispose();
}

test('faculty is told a downloaded lab sheet changed and sees how in its history', async ({
  browser,
  page,
  request,
}) => {
  // Monday: the lab sheet downloaded and followed, in a browser of its own (see below).
  const monday = await browser.newContext({ extraHTTPHeaders: clientAddress(81) });
  const earlier = await monday.newPage();
  await earlier.goto(XSS_SHEET.url);
  await untilAppReady(earlier);
  await signIn(earlier, ACCOUNTS.faculty);
  const downloading = earlier.waitForEvent('download');
  await fileDownloadButton(earlier, XSS_FILE).click();
  const download = await downloading;
  const original = await readFile((await download.path())!);
  const offer = earlier.getByRole('alert').filter({ hasText: 'Follow this item to hear when it changes?' });
  await offer.getByRole('button', { name: 'Follow' }).click();
  await expect(earlier.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');

  // The curator replaces the lab sheet's file, then edits its description.
  const curator = await apiToken(request, ACCOUNTS.curator);
  const before = await contentOf(request, XSS_SHEET.alias, curator);
  const fileId = before.files.find((f) => f.filename === XSS_SHEET.fileName)!.id;
  const sheet = { name: XSS_SHEET.fileName, mimeType: 'text/markdown' };
  const revised = Buffer.concat([original, Buffer.from('\n## Revision notes\n\nOne more exercise.\n')]);
  await replaceFile(request, curator, fileId, { ...sheet, buffer: revised });
  const replaced = await contentOf(request, XSS_SHEET.alias, curator);
  expect(replaced.description).toContain(EDIT.from);
  await saveDescription(request, curator, replaced, replaced.description.replace(EDIT.from, EDIT.to));

  // The browser that downloaded it reloads the item: the server draws it for a visitor, and once the
  // stored session signs in it is fetched again as the person (a visitor's answer the browser kept is
  // not used for the person's request: it varies on Authorization). The mark is there.
  await earlier.reload();
  await expect(
    earlier.getByRole('main').getByRole('link', { name: 'Changed since you downloaded it' }),
  ).toBeVisible();
  await monday.close();

  // Later, in another browser: the search results say so, and so does the item page opened from them.
  await page.goto('/courseware');
  await signIn(page, ACCOUNTS.faculty);
  await searchBox(page).fill('cross site scripting');
  await searchBox(page).press('Enter');
  const result = page
    .getByRole('region', { name: 'Search results' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: XSS_SHEET.name, exact: true }) });
  await expect(result.getByRole('link', { name: 'Changed since you downloaded it' })).toBeVisible();
  await result.getByRole('link', { name: XSS_SHEET.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET.name })).toBeVisible();
  const mark = page.getByRole('main').getByRole('link', { name: 'Changed since you downloaded it' });
  await expect(mark).toBeVisible();
  await mark.click();

  // Its link opens the history, with the word diff of the latest change.
  await expect(page).toHaveURL((url) => url.searchParams.get('history') === '1');
  const history = page.getByRole('dialog', { name: `History of ${XSS_SHEET.name}` });
  const differences = history.getByRole('region', { name: 'Differences' });
  const description = differences.getByRole('region', { name: 'Description' });
  await expect(description.locator('ins')).toContainText(['Practise']);
  await expect(description.locator('del')).toContainText(['Learn']);
  // The revisions, newest first: the description edited, before it the file replaced.
  const revisions = history.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
  await expect(revisions.nth(0)).toContainText('(current)');
  await expect(revisions.nth(0)).toContainText('Description');
  await expect(revisions.nth(1)).toContainText(`Files: ${XSS_FILE} (replaced)`);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await expect(page).toHaveURL((url) => !url.searchParams.has('history'));

  // The digest: an admin sends the faculty member's now (it is due a week after the follow); it
  // reaches the SMTP peer with the change, its link to the history and RFC 8058's one-click headers.
  await expectDigestArrives(browser, XSS_SHEET);

  // Put the demo data back for the other specs: the description, the file's contents, the follow.
  const edited = await contentOf(request, XSS_SHEET.alias, curator);
  await saveDescription(request, curator, edited, before.description);
  await replaceFile(request, curator, fileId, { ...sheet, buffer: original });
  const faculty = await apiToken(request, ACCOUNTS.faculty);
  const unfollowed = await request.delete(`/api/v1/content/${before.id}/follow`, {
    headers: { authorization: `Bearer ${faculty}` },
  });
  expect(unfollowed.status()).toBe(200);
  expect((await contentOf(request, XSS_SHEET.alias, curator)).description).toBe(before.description);
});

test('faculty previews a Markdown lab sheet and a LaTeX handout in the browser', async ({ page }) => {
  await page.goto(XSS_SHEET.url);
  await signIn(page, ACCOUNTS.faculty);
  await checkPreview(page, { label: XSS_FILE, fileName: XSS_SHEET.fileName }, async (dialog) => {
    await expect(dialog.getByRole('heading', { name: 'Understanding cross-site scripting' })).toBeVisible();
  });

  await page.goto(`/courseware/${TEX_LAB.alias}`);
  await checkPreview(page, { label: TEX_LAB.file, fileName: TEX_LAB.fileName }, async (dialog) => {
    await expect(dialog.locator('pre')).toContainText('\\section{Overview}');
  });
});

test('faculty previews a PDF page by page, finds in it, and previews an image', async ({ page, request }) => {
  // The demo data hold no PDF and no image: a curator uploads one of each to the LaTeX lab first.
  const curator = { authorization: `Bearer ${await apiToken(request, ACCOUNTS.curator)}` };
  const lab = await contentOf(request, TEX_LAB.alias, curator.authorization.slice('Bearer '.length));
  const uploads = [
    {
      label: 'Lab slides',
      fileName: 'lab-slides.pdf',
      mimeType: 'application/pdf',
      buffer: manyPagesPdf(3, 'RSA lab slide'),
    },
    {
      label: 'Key exchange diagram',
      fileName: 'key-exchange.png',
      mimeType: 'image/png',
      buffer: png(96, 48, [40, 90, 160]),
    },
  ];
  const ids: string[] = [];
  try {
    for (const upload of uploads) {
      const res = await request.post('/api/v1/files', {
        headers: curator,
        multipart: {
          type: upload.mimeType,
          name: upload.label,
          visibility: 'private',
          metadataType: 'content',
          metadataId: lab.id,
          file: { name: upload.fileName, mimeType: upload.mimeType, buffer: upload.buffer },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    await page.goto(`/courseware/${TEX_LAB.alias}`);
    await signIn(page, ACCOUNTS.faculty);
    await checkPreview(page, uploads[0]!, async (dialog) => {
      // Drawn by pdf.js page by page, with its text selectable in the text layer.
      await expect(dialog.getByText('Page 1 of 3')).toBeVisible();
      await expect(dialog.getByRole('img', { name: 'Page 1' })).toBeVisible();
      await expect(dialog.locator('.textLayer')).toContainText('RSA lab slide 1');
      await dialog.getByRole('button', { name: 'Next page' }).click();
      await expect(dialog.getByText('Page 2 of 3')).toBeVisible();
      await expect(dialog.locator('.textLayer')).toContainText('RSA lab slide 2');
      await dialog.getByRole('textbox', { name: 'Find in the PDF' }).fill('slide 3');
      await dialog.getByRole('button', { name: 'Find', exact: true }).click();
      await expect(dialog.getByText('“slide 3” is on page 3.')).toBeVisible();
      await expect(dialog.getByText('Page 3 of 3')).toBeVisible();
      await expect(dialog.locator('.textLayer .preview-match')).toHaveText(['RSA lab slide 3']);
    });
    await checkPreview(page, uploads[1]!, async (dialog) => {
      const image = dialog.getByRole('img', { name: uploads[1]!.label });
      await expect(image).toBeVisible();
      expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(96);
    });
  } finally {
    for (const id of ids)
      expect((await request.delete(`/api/v1/files/${id}`, { headers: curator })).status()).toBe(204);
  }
});

test('a student and a visitor get no preview, on the page or from the API', async ({ page, request }) => {
  const visitor = await request.get(`/api/v1/content/${encodeURIComponent(XSS_SHEET.alias)}`);
  const fileId = ContentSchema.parse(await visitor.json()).files[0]!.id;
  await page.goto(XSS_SHEET.url);
  const preview = page.getByRole('button', { name: /^Preview / });
  await expect(page.getByRole('heading', { level: 1, name: XSS_SHEET.name })).toBeVisible();
  await expect(preview).toHaveCount(0);
  expect((await request.get(`/api/v1/files/${fileId}/preview`)).status()).toBe(401);

  await signIn(page, ACCOUNTS.student);
  await expect(page.getByRole('region', { name: 'Files' })).toBeVisible();
  await expect(preview).toHaveCount(0);
  const student = await apiToken(request, ACCOUNTS.student);
  const res = await request.get(`/api/v1/files/${fileId}/preview`, {
    headers: { authorization: `Bearer ${student}` },
  });
  expect(res.status()).toBe(403);
});

test('the one-click unsubscribe address takes a signed token by POST only', async ({ request }) => {
  const forged = '/api/v1/follows/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged';
  const oneClick = { headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  const posted = await request.post(forged, { ...oneClick, data: 'List-Unsubscribe=One-Click' });
  expect(posted.status()).toBe(400);
  expect((await request.get(forged)).status()).toBe(404);
});
