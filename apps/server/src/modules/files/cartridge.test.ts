/**
 * The IMS Common Cartridge export (issues 26, 33) against a real database and the real disk store: the
 * .imscc a faculty member gets is read back (unzipped, manifest validated with xmllint against IMS's CC
 * 1.1 schemas, which must be on the machine, the rules the schemas leave to prose checked) and every
 * item, file and alignment of the tree is found in it, for a module, a single lab and a course whose
 * names, files and statements hold hostile characters; the schemas refuse what breaks them; pages
 * escape what they show; an unchanged tree reuses the cartridge; refusals and bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHILD_NAME_MAX, CONTENT_NAME_MAX, FILE_NAME_MAX } from '@portal/shared/limits';
import { ContentWriteResponseSchema } from '@portal/shared/schemas/courseware';
import { BundleResponseSchema } from '@portal/shared/schemas/files';
import { content, contentKnowledge, contentSection } from '../../db/schema/courseware.js';
import { knowledgeItem } from '../../db/schema/knowledge.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { storeFile } from '../../testing/fixtures.js';
import { multipart } from '../../testing/multipart.js';
import {
  flattenItems,
  readCartridge,
  validateManifest,
  type ReadCartridge,
} from '../../testing/cartridge.js';
import { cartridgeDifferences } from '../../testing/cartridge-round-trip.js';
import { resourceId } from './cartridge-archive.js';

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

/**
 * What a curator may type (the API trims names, refuses control characters and keeps names within
 * their limits) and what an import may bring: quotes, markup, entity references, a CDATA end,
 * non-ASCII and astral characters, runs of spaces, characters XML 1.0 cannot carry, names that look
 * like paths or like the package's own files, names that fold to the same ASCII, names with no ASCII
 * at all, and names as long as allowed.
 */
const HOSTILE_COURSE = `Réseau "sûr" & <Sécurité> 'α→β' 🔐 ]]> -- &amp; ${'x'.repeat(40)}`;
const HOSTILE_CHILDREN = {
  path: '../../etc/passwd',
  windowsPath: 'C:\\Windows\\System32\\index.html',
  manifest: 'imsmanifest.xml',
  noAscii: '网络安全 实验',
  markup: 'Lab   1: <script>alert("1")</script>',
  sameAscii: 'LAB 1!',
  entities: 'R&D; at AT&T &#65; &lt;',
  // Not characters of XML 1.0; the API refuses control characters, not these.
  nonCharacters: 'Noncharacters \uFFFE and \uFFFF',
  // Renamed below to what only an import can store.
  controlCharacters: 'Control characters',
  long: `${'Très long nom de lab, '.repeat(50).slice(0, CHILD_NAME_MAX - 4)} fin`,
};
const HOSTILE_STATEMENTS = [
  {
    id: 'ksa-K9001',
    code: 'K9001',
    name: `Knowledge of <script>, "quotes" & 'apostrophes' — 日本語 🔐`,
    type: 'KSA',
  },
  { id: 'ku-X.1', code: 'X.1', name: '&amp; is not & and ]]> ends nothing', type: 'KU' },
  { id: 'tks-T9001', code: 'T9001', name: `${'Analyse <traffic> & '.repeat(30)}end`, type: 'TKS' },
] as const;

describe('Common Cartridge export of items whose names, files and statements hold hostile characters', () => {
  let courseId: string;
  const childId = {} as Record<keyof typeof HOSTILE_CHILDREN, string>;

  const createItem = async (name: string, urlAlias: string, extra: object = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: await as('contenteditor'),
      payload: {
        name,
        urlAlias,
        description: '<p>About it: &lt;b&gt; &amp; "quotes" 🔐</p>',
        status: 'published',
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return ContentWriteResponseSchema.parse(res.json()).id;
  };

  const upload = async (
    itemId: string,
    file: { name: string; filename: string; type: string; bytes: Buffer },
  ) => {
    const body = multipart(
      {
        type: file.type,
        name: file.name,
        visibility: 'private',
        metadataType: 'content',
        metadataId: itemId,
      },
      { filename: file.filename, contentType: file.type, content: file.bytes },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...(await as('contenteditor')) },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    await db.insert(knowledgeItem).values(HOSTILE_STATEMENTS.map((s) => ({ ...s })));
    courseId = await createItem(HOSTILE_COURSE.slice(0, CONTENT_NAME_MAX), 'hostile-course', {
      ksaIds: ['ksa-K9001'],
      kuIds: ['ku-X.1'],
      sections: [{ name: 'Tasks <1> & "2" 🔐', description: '<p>Find &lt;it&gt;.</p>' }],
    });
    await db
      .update(content)
      .set({
        sourceName: 'SEED "Labs" & <Co> ]]>',
        sourceUrl: 'https://example.org/labs?a=1&b=%3C2%3E',
        sourceAuthor: `Ö'Brien <ob@example.org> & co`,
        licenseName: 'CC BY-NC-SA 4.0 "or later" & <more>',
      })
      .where(eq(content.id, courseId));
    for (const [key, name] of Object.entries(HOSTILE_CHILDREN) as [keyof typeof HOSTILE_CHILDREN, string][])
      childId[key] = await createItem(name, `hostile-course/${key.toLowerCase()}`, {
        parentId: courseId,
        ...(key === 'path' ? { tksIds: ['tks-T9001'] } : {}),
      });
    // Control characters reach the database only through an import, which keeps what its source holds.
    await db
      .update(content)
      .set({ name: 'Bell\u0007, form\u000Cfeed, escape\u001B' })
      .where(eq(content.id, childId.controlCharacters));

    const handout = Buffer.from('Handout: "quotes" & <tags> 🔐\n');
    await upload(courseId, {
      name: `"Handout" <1> & 'é' 🔐`,
      filename: '../../etc/passwd',
      type: 'text/plain',
      bytes: handout,
    });
    await upload(courseId, {
      name: 'Not the page',
      filename: 'index.html',
      type: 'text/html',
      bytes: Buffer.from('<h1>a file</h1>\n'),
    });
    // The same bytes twice, under names that differ only in case.
    await upload(courseId, { name: 'Copy', filename: 'Copy.txt', type: 'text/plain', bytes: handout });
    await upload(courseId, { name: 'copy', filename: 'copy.TXT', type: 'text/plain', bytes: handout });
    await upload(childId.noAscii, {
      name: '网络',
      filename: '网络 笔记.txt',
      type: 'text/plain',
      bytes: Buffer.from('网络\n'),
    });
    await upload(childId.long, {
      name: 'Ω'.repeat(FILE_NAME_MAX),
      filename: `${'Ωmega très long '.repeat(10)}.md`.slice(-FILE_NAME_MAX),
      type: 'text/markdown',
      bytes: Buffer.from('# <script>alert(1)</script> & "x" ]]>\n\nÉtude 🔐\n'),
    });
    await upload(childId.manifest, {
      name: 'A manifest of its own',
      filename: 'imsmanifest.xml',
      type: 'application/xml',
      bytes: Buffer.from('<?xml version="1.0"?><manifest identifier="x"/>\n'),
    });
  });

  it('exports the course as a valid cartridge holding every item, file and alignment as stored', async () => {
    const cartridge = await (await exportCartridge(courseId)).read;
    expect(await cartridgeDifferences(ctx.database.db, cartridge, courseId)).toEqual([]);
    // Names are text, written as they are stored (XML 1.0 cannot carry the control characters).
    const titles = flattenItems(cartridge.items)
      .filter((i) => i.identifierref)
      .map((i) => i.title);
    expect(titles).toEqual([
      HOSTILE_COURSE,
      ...Object.values(HOSTILE_CHILDREN).map((name) =>
        name === HOSTILE_CHILDREN.controlCharacters
          ? 'Bell, formfeed, escape'
          : name.replace(/\uFFFE|\uFFFF/g, ''),
      ),
    ]);
    expect(cartridge.manifestXml).not.toContain('<script>');
    // A file whose name has no ASCII but its extension keeps the extension, so an LMS knows its type.
    expect(cartridge.resources.get(resourceId(childId.noAscii))!.files).toEqual([
      expect.stringMatching(/\/item\/index\.html$/),
      expect.stringMatching(/\/item\/file\.txt$/),
    ]);
  });

  it('exports the lab named imsmanifest.xml alone without a folder clashing with the manifest', async () => {
    const cartridge = await (await exportCartridge(childId.manifest)).read;
    expect(await cartridgeDifferences(ctx.database.db, cartridge, childId.manifest)).toEqual([]);
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
