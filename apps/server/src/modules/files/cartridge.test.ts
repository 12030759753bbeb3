/**
 * The IMS Common Cartridge export (issues 26, 33) against a real database and the real disk store: the
 * .imscc a faculty member gets is read back (unzipped, manifest validated with xmllint against IMS's CC
 * 1.1 schemas, which must be on the machine, the rules the schemas leave to prose checked) and every
 * item, file and alignment of the tree is found in it, for a module and a single lab; the schemas refuse
 * what breaks them; pages escape what they show; an unchanged tree reuses the cartridge; refusals and
 * bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BundleResponseSchema } from '@portal/shared/schemas/files';
import { content, contentKnowledge, contentSection, knowledgeItem } from '../../db/schema/courseware.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { storeFile } from '../../testing/fixtures.js';
import {
  flattenItems,
  readCartridge,
  validateManifest,
  type ReadCartridge,
} from '../../testing/cartridge.js';
import { cartridgeDifferences } from '../../testing/cartridge-round-trip.js';

const { ctx, tree, as } = useTestApp({ tree: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

const ADOC = Buffer.from(
  '= Lab guide\n\n== Set-up\n\nStart the *attacker* VM.\n\n++++\n<script>alert(1)</script>\n++++\n',
);
const TEX = Buffer.from('\\documentclass{article}\\begin{document}Packet capture\\end{document}\n');
/** A name that is neither ASCII nor safe as a path, for a file and for an item. */
const ODD_NAME = 'Réseau & <script> "capture" é.tex';

beforeAll(async () => {
  const db = ctx.database.db;
  await storeFile(db, ctx.fileStore, ADOC, {
    name: 'Lab guide',
    filename: 'Lab Guide.adoc',
    mimeType: 'text/asciidoc',
    metadataId: tree.lab,
    index: 5,
  });
  await storeFile(db, ctx.fileStore, TEX, {
    name: 'Capture handout',
    filename: ODD_NAME,
    mimeType: 'application/x-tex',
    metadataId: tree.module,
  });
  await db
    .update(content)
    .set({ description: '<p>Reads <em>packets</em> &lt;b&gt; safely.</p>', includes: ['Wireshark'] })
    .where(eq(content.id, tree.module));
  await db
    .insert(contentSection)
    .values({ contentId: tree.lab, name: 'Tasks', description: '<p>Find the cookie.</p>', index: 0 });
  // A knowledge type the export does not know by name is carried like the others.
  await db
    .insert(knowledgeItem)
    .values({ id: 'cybok-NS', code: 'NS', name: 'Network Security', type: 'CYBOK' });
  await db.insert(contentKnowledge).values([
    { contentId: tree.lab, knowledgeId: 'ksa-K0001', index: 1 },
    { contentId: tree.module, knowledgeId: 'ku-BCY', index: 0 },
    { contentId: tree.lab, knowledgeId: 'cybok-NS', index: 2 },
  ]);
});

async function requestCartridge(contentId: string, role: 'faculty' | 'student' = 'faculty') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/content/${contentId}/cartridge`,
    headers: await as(role),
  });
}

async function waitUntilSettled(fileId: string) {
  for (let i = 0; i < 400; i += 1) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${fileId}`,
      headers: await as('faculty'),
    });
    expect(res.statusCode).toBe(200);
    if (res.json().status !== 'pending') return res.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the cartridge stayed pending');
}

async function download(fileId: string, from: string): Promise<Buffer> {
  const link = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}/download-url?from=${from}`,
    headers: await as('faculty'),
  });
  expect(link.statusCode).toBe(200);
  const res = await ctx.app.inject({ method: 'GET', url: link.json().publicUrl });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.imscc"/);
  return res.rawPayload;
}

/**
 * Exports `contentId` as faculty; the file's name, and its package read back (validated) as a promise
 * that each test awaits, so that a package that cannot be validated fails every test that reads it.
 */
async function exportCartridge(
  contentId: string,
): Promise<{ fileId: string; name: string; read: Promise<ReadCartridge> }> {
  const res = await requestCartridge(contentId);
  expect(res.statusCode, res.body).toBe(202);
  const { fileId, name } = BundleResponseSchema.parse(res.json());
  const settled = await waitUntilSettled(fileId);
  expect(settled.status, settled.failureReason).toBe('ready');
  const read = readCartridge(await download(fileId, contentId));
  // Rejections are met by the tests that await it.
  read.catch(() => undefined);
  return { fileId, name, read };
}

describe('Common Cartridge export of a module', () => {
  let fileId: string;
  let reading: Promise<ReadCartridge>;

  beforeAll(async () => {
    const exported = await exportCartridge(tree.module);
    expect(exported.name).toMatch(
      /^network-security-course-packet-analysis_cartridge_\d{4}-\d{2}-\d{2}\.imscc$/,
    );
    fileId = exported.fileId;
    reading = exported.read;
  });

  it('is a valid IMS CC 1.1 manifest whose schema, version and title say what it is', async () => {
    const cartridge = await reading;
    expect(cartridge.manifestXml).toContain('<schema>IMS Common Cartridge</schema>');
    expect(cartridge.manifestXml).toContain('<schemaversion>1.1.0</schemaversion>');
    const general = ((cartridge.manifest.metadata as Record<string, unknown>).lom as Record<string, unknown>)
      .general as { title: { string: { '#text': string }[] } };
    expect(general.title.string[0]!['#text']).toBe('Packet Analysis');
  });

  it('mirrors the visible tree in the portal’s order: a folder per item with children, a page per item', async () => {
    const cartridge = await reading;
    const [moduleFolder] = cartridge.items;
    expect(moduleFolder!.title).toBe('Packet Analysis');
    expect(moduleFolder!.identifierref).toBeUndefined();
    // The module's own page first, then its children faculty may list (published), in index order.
    expect(moduleFolder!.items.map((i) => i.title)).toEqual(['Packet Analysis', 'Cross-Site Scripting Lab']);
    const pages = flattenItems(cartridge.items).filter((i) => i.identifierref);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(cartridge.resources.get(page.identifierref!)!.type).toBe('webcontent');
  });

  it('packs every file of the tree beside its item’s page under an ASCII name, Markdown and AsciiDoc also as HTML', async () => {
    const cartridge = await reading;
    const files = [...cartridge.resources.values()].flatMap((r) => r.files);
    const lab = 'packet-analysis/cross-site-scripting-lab';
    expect(files).toEqual(
      expect.arrayContaining([
        'packet-analysis/index.html',
        'packet-analysis/reseau-script-capture-e.tex',
        `${lab}/index.html`,
        `${lab}/xss-lab.md`,
        `${lab}/xss-lab.md.html`,
        `${lab}/lab-guide.adoc`,
        `${lab}/lab-guide.adoc.html`,
      ]),
    );
    expect(cartridge.entries.get(`${lab}/xss-lab.md`)).toEqual(tree.fileBytes);
    expect(cartridge.entries.get('packet-analysis/reseau-script-capture-e.tex')).toEqual(TEX);
    expect(cartridge.entries.get(`${lab}/xss-lab.md.html`)!.toString()).toContain('<h1>XSS lab sheet</h1>');
    const guide = cartridge.entries.get(`${lab}/lab-guide.adoc.html`)!.toString();
    expect(guide).toContain('<strong>attacker</strong>');
    expect(guide).not.toContain('<script>');
  });

  it('writes each page from the item’s description, sections and alignment, escaped, linking pages through $IMS-CC-FILEBASE$', async () => {
    const cartridge = await reading;
    const modulePage = cartridge.entries.get('packet-analysis/index.html')!.toString();
    expect(modulePage).toContain('<h1>Packet Analysis</h1>');
    expect(modulePage).toContain('<p>Reads <em>packets</em> &lt;b&gt; safely.</p>');
    expect(modulePage).toContain('<li>Wireshark</li>');
    expect(modulePage).toContain(
      'href="$IMS-CC-FILEBASE$/packet-analysis/cross-site-scripting-lab/index.html"',
    );
    // The odd file name is shown as text, never as markup.
    expect(modulePage).toContain('href="reseau-script-capture-e.tex">Capture handout</a>');
    const labPage = cartridge.entries.get('packet-analysis/cross-site-scripting-lab/index.html')!.toString();
    expect(labPage).toContain('<h2>Tasks</h2>');
    expect(labPage).toContain('<h2>Alignment</h2>');
    expect(labPage).toContain('<strong>T0001</strong> Analyze network traffic');
    expect(labPage).toContain('<strong>NS</strong> Network Security');
    expect(labPage).toContain('Licence: CC BY-SA 4.0');
  });

  it('puts every alignment of the tree, of any knowledge type, in the manifest as classification/taxonPath', async () => {
    const cartridge = await reading;
    const byDescription = Object.fromEntries(
      cartridge.classifications.map((c) => [c.description, c.taxa.map((t) => t.id)]),
    );
    expect(byDescription).toEqual({
      'NSA CAE Knowledge Units (KU)': ['BCY'],
      'NICE Framework Task Knowledge Skills (TKS)': ['T0001'],
      'NICE Framework Knowledge Skill Abilities (KSA)': ['K0001'],
      'CyBOK Knowledge Areas': ['WAM', 'NS'],
    });
    expect(cartridge.manifestXml).toContain('Licence: CC BY-SA 4.0');
    expect(cartridge.manifestXml).toContain('<lomimscc:entry>https://example.org/source</lomimscc:entry>');
  });

  it('holds every item in the portal’s order, every stored file byte for byte and every alignment', async () => {
    expect(await cartridgeDifferences(ctx.database.db, await reading, tree.module)).toEqual([]);
  });

  it('is refused by the schemas when it breaks them: another version, an unknown resource type or LOM element', async () => {
    const { manifestXml } = await reading;
    const broken = {
      version: manifestXml.replace(
        '<schemaversion>1.1.0</schemaversion>',
        '<schemaversion>1.3.0</schemaversion>',
      ),
      type: manifestXml.replace('type="webcontent"', 'type="webpage"'),
      lom: manifestXml.replace('<lomimscc:general>', '<lomimscc:general><lomimscc:mood>calm</lomimscc:mood>'),
    };
    for (const [what, xml] of Object.entries(broken)) {
      expect(xml, what).not.toBe(manifestXml);
      await expect(validateManifest(xml), what).rejects.toThrow(
        /not valid IMS CC 1\.1:[^]*fails to validate/,
      );
    }
  });

  it('answers an unchanged tree with the same cartridge, ready at once, and a zip separately', async () => {
    const again = await requestCartridge(tree.module);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ fileId, status: 'ready', isReused: true });
    const zip = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/content/${tree.module}/bundle`,
      headers: await as('faculty'),
    });
    expect(zip.json().fileId).not.toBe(fileId);
    expect(zip.json().name).toMatch(/\.zip$/);
  });

  it('builds a new cartridge when a page changes', async () => {
    await ctx.database.db
      .update(contentSection)
      .set({ description: '<p>Find the session cookie.</p>' })
      .where(eq(contentSection.contentId, tree.lab));
    const res = await requestCartridge(tree.module);
    expect(res.statusCode).toBe(202);
    expect(res.json().fileId).not.toBe(fileId);
    expect((await waitUntilSettled(res.json().fileId)).status).toBe('ready');
  });
});

describe('Common Cartridge export of a single lab', () => {
  it('is one page in the organization, with the lab’s files and alignments, valid and whole', async () => {
    const exported = await exportCartridge(tree.lab);
    expect(exported.name).toMatch(
      /^network-security-course-packet-analysis-cross-site-scripting-lab_cartridge_/,
    );
    const cartridge = await exported.read;
    expect(cartridge.items).toEqual([
      expect.objectContaining({ title: 'Cross-Site Scripting Lab', items: [] }),
    ]);
    expect(cartridge.classifications.flatMap((c) => c.taxa.map((t) => t.id)).sort()).toEqual(
      ['K0001', 'NS', 'T0001', 'WAM'].sort(),
    );
    expect(await cartridgeDifferences(ctx.database.db, cartridge, tree.lab)).toEqual([]);
  });
});

describe('refusals and bad input', () => {
  it('refuses callers who may not download files, hides unknown items and rejects a malformed id', async () => {
    expect((await requestCartridge(tree.module, 'student')).statusCode).toBe(403);
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/content/${tree.module}/cartridge`,
    });
    expect(signedOut.statusCode).toBe(401);
    const unknown = await requestCartridge('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await requestCartridge('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    // Faculty do not see the draft lab: 404, and nothing is queued for it.
    expect((await requestCartridge(tree.hidden)).statusCode).toBe(404);
  });
});
