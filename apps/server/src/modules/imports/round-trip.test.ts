/**
 * The round trip of issue 38 as its proof: each demo course is exported as a Common Cartridge through
 * the API (as faculty: the published tree, what a faculty member takes to an LMS), each cartridge is
 * imported through the import API (as a curator) into a second portal that holds no content, only the
 * reference data alignments point at, and the two trees are compared through the API, item by item in
 * tree order. Everything an item shows that a cartridge carries must be equal: its name, URL alias,
 * description, categories, tags, keywords, education and experience levels, includes, source (name,
 * address, licence name and address, credited author), contributors (name, school, title) in order,
 * sections (name and description) in order, knowledge alignments (the ids of each type in order, and
 * CyBOK topics with their keywords), and its files (display name, media type, and the SHA-256 of the
 * bytes downloaded from each portal).
 *
 * The description is compared as the sanitised HTML both portals store, not as its text: the HTML is
 * what the item's page shows, so a round trip that kept only the words would lose the lists, links and
 * emphasis curators wrote, and a comparison of the text would not see it. The LOM carries the text (for
 * LMSs); the importer reads the HTML back from the page the export generated for the item. Sections'
 * descriptions are compared as HTML for the same reason.
 *
 * Not compared, because a cartridge does not carry them or the import makes them anew: ids, versions,
 * revisions and dates; the items faculty do not see (not exported; the import publishes what it
 * writes); a file's name on disk (a package holds ASCII paths; its display name is compared); a
 * contributor's honorifics, e-mail and portrait (the vCard carries N's prefix and suffix, the importer
 * keeps a name, school and title); download counts. The order of an item's files is not compared yet:
 * the importer numbers new files in the order their copies into the store finish (course-writer.ts
 * `addFiles`; import-files.ts stores FILE_PUT_CONCURRENCY at a time), so two imports of one package
 * may order them differently.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BundleResponseSchema } from '@portal/shared/schemas/files';
import { ContentSchema, type Content } from '@portal/shared/schemas/courseware';
import { CoursewareImportSchema } from '@portal/shared/schemas/imports';
import { content } from '../../db/schema/courseware.js';
import {
  PAGE_FIELD_ATTRIBUTE,
  PAGE_FIELDS,
  readVcard,
  vcardOf,
  type VcardPerson,
} from '../../lib/cartridge-portal-fields.js';
import { sanitizeRichText } from '../../lib/html.js';
import { IMPORTS_URL, startImport, uploadPackage } from '../../testing/import-api.js';
import type { TestContext } from '../../testing/test-app.js';
import { useTestApp, type TestApp } from '../../testing/use-test-app.js';
import { drainJobs as drainAllJobs } from '../../testing/wait.js';
import { renderItemPage } from '../files/cartridge-pages.js';
import { emptyItemPage } from '../files/cartridge-tree.js';
import type { BundleItem } from '../files/bundle-tree.js';
import { DOCUMENT_TEXT_JOB_KIND } from '../files/document-text.service.js';
import { importReferenceData, seedDemo } from '../seed/seed.service.js';
import { pageFieldsOf } from './cartridge-page.js';

/** Seeding the demo data, exporting and importing its three courses: well within this on 2 cores. */
const SETUP_TIMEOUT_MS = 180_000;
/** Statements of each of TKS, KSA and KU given to one item of each course (the demo data states none). */
const STATEMENTS_PER_TYPE = 3;
/** How deep the hostile page of the last test nests its elements (a recursive walk would overflow). */
const HOSTILE_DEPTH = 100_000;
/** The demo courses, by the seed's keys (seed.service.ts COURSE_READERS). */
const DEMO_COURSES = ['hacktivity', 'security-101', 'seed-labs'] as const;

const source = useTestApp({ env: { JOB_WORKER: 'false' }, setupTimeoutMs: SETUP_TIMEOUT_MS });
const target = useTestApp({ env: { JOB_WORKER: 'false' } });

/** Each demo course's id in the portal it was exported from and in the one it was imported into. */
const courses = new Map<string, { name: string; sourceId: string; targetId: string }>();

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Runs an app's jobs, but for reading documents' text for search: the round trip does not look at it,
 * and it would take most of the file's time.
 */
async function drainJobs(ctx: TestContext): Promise<void> {
  await ctx.database.db.execute(
    sql`DELETE FROM job WHERE kind = ${DOCUMENT_TEXT_JOB_KIND} AND status = 'queued'`,
  );
  await drainAllJobs(ctx);
}

/** GETs an API path as `role` and returns its JSON, failing on any other status than 200. */
async function getJson(portal: TestApp, url: string, role: 'faculty' | 'contenteditor' = 'faculty') {
  const res = await portal.ctx.app.inject({ method: 'GET', url, headers: await portal.as(role) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
}

/** The bytes of a file, downloaded through the API as faculty from the item `itemId`. */
async function download(portal: TestApp, fileId: string, itemId: string): Promise<Buffer> {
  const link = (await getJson(portal, `/api/v1/files/${fileId}/download-url?from=${itemId}`)) as {
    publicUrl: string;
  };
  const res = await portal.ctx.app.inject({ method: 'GET', url: link.publicUrl });
  expect(res.statusCode, `file ${fileId}: ${res.body}`).toBe(200);
  return res.rawPayload;
}

/** Exports each course of `ids` as a cartridge as faculty; each package's bytes. */
async function exportCartridges(ids: readonly string[]): Promise<Buffer[]> {
  const headers = await source.as('faculty');
  const fileIds: string[] = [];
  for (const id of ids) {
    const res = await source.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/content/${id}/cartridge`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    fileIds.push(BundleResponseSchema.parse(res.json()).fileId);
  }
  await drainJobs(source.ctx);
  return Promise.all(fileIds.map((fileId, k) => download(source, fileId, ids[k]!)));
}

/**
 * Imports a cartridge into the empty portal as a curator: uploaded and previewed with no issue at all
 * (the portal's own cartridge holds nothing it cannot read), started, run.
 * @returns the imported course's id
 */
async function importCartridge(bytes: Buffer, filename: string): Promise<string> {
  const headers = await target.as('contenteditor');
  const created = await uploadPackage(target.ctx.app, headers, {
    filename,
    contentType: 'application/zip',
    content: bytes,
  });
  expect(created.statusCode, created.body).toBe(201);
  const preview = CoursewareImportSchema.parse(created.json());
  expect(preview.preview.issues, filename).toEqual([]);
  const started = await startImport(target.ctx.app, headers, preview.id);
  expect(started.statusCode, started.body).toBe(202);
  await drainJobs(target.ctx);
  const done = CoursewareImportSchema.parse(
    await getJson(target, `${IMPORTS_URL}/${preview.id}`, 'contenteditor'),
  );
  expect(done.status, done.error ?? '').toBe('done');
  return done.summary!.course.id;
}

/** What an item shows that a cartridge carries, as the API gives it (see the file comment). */
interface ItemShape {
  name: string;
  urlAlias: string;
  description: string;
  categories: string[];
  tags: string[];
  keywords: string[];
  educationLevels: string[];
  experienceLevels: string[];
  includes: string[];
  source: Content['source'];
  contributors: { name: string; school: string | null; title: string | null }[];
  sections: { name: string; description: string }[];
  alignments: Record<'tkss' | 'ksas' | 'kus' | 'cybokAreas', { id: string; topics?: unknown }[]>;
  files: { name: string; type: string; sha256: string }[];
}

/** The shape of `item`, its files' bytes downloaded from `portal`. */
async function shapeOf(portal: TestApp, item: Content): Promise<ItemShape> {
  const knowledge = (list: Content['tkss']) =>
    list.map((k) => ({ id: k.id, ...(k.topics ? { topics: k.topics } : {}) }));
  const files = await Promise.all(
    item.files.map(async (f) => ({
      name: f.name,
      type: f.type,
      sha256: sha256(await download(portal, f.id, item.id)),
    })),
  );
  return {
    name: item.name,
    urlAlias: item.urlAlias,
    description: item.description,
    categories: item.categories,
    tags: item.tags,
    keywords: item.keywords,
    educationLevels: item.educationLevels,
    experienceLevels: item.experienceLevels,
    includes: item.includes,
    source: item.source,
    contributors: item.contributors.map((c) => ({
      name: [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' '),
      school: c.school,
      title: c.title,
    })),
    sections: item.sections.map((s) => ({ name: s.name, description: s.description })),
    alignments: {
      tkss: knowledge(item.tkss),
      ksas: knowledge(item.ksas),
      kus: knowledge(item.kus),
      cybokAreas: knowledge(item.cybokAreas),
    },
    // In the item's order: the writer adds a package's files in the package's order.
    files,
  };
}

/** Every item faculty see in the tree under `rootId`, in tree order, with its path of names. */
async function treeOf(portal: TestApp, rootId: string): Promise<{ path: string; shape: ItemShape }[]> {
  const items: { path: string; shape: ItemShape }[] = [];
  const visit = async (id: string, parentPath: string) => {
    const item = ContentSchema.parse(await getJson(portal, `/api/v1/content/${id}`));
    const path = parentPath ? `${parentPath} › ${item.name}` : item.name;
    items.push({ path, shape: await shapeOf(portal, item) });
    for (const child of item.children) await visit(child.id, path);
  };
  await visit(rootId, '');
  return items;
}

/** How much of each kind the comparisons compared, over all courses: none may be nothing. */
const compared = {
  items: 0,
  files: 0,
  contributors: 0,
  sections: 0,
  includes: 0,
  keywords: 0,
  alignments: 0,
  cybokTopics: 0,
};

beforeAll(async () => {
  const [summary] = await Promise.all([
    seedDemo({ db: source.ctx.database.db, config: source.ctx.config, fileStore: source.ctx.fileStore }),
    importReferenceData({ db: target.ctx.database.db, config: target.ctx.config }),
  ]);
  // The demo courses state CyBOK areas only: the first published leaf of each course is aligned with
  // STATEMENTS_PER_TYPE statements of each other type too, in an order that is not the ids', so that the
  // round trip must keep the order it was given.
  await source.ctx.database.db.execute(sql`
    INSERT INTO content_knowledge (content_id, knowledge_id, index)
    SELECT c.id, k.id, k.n FROM (
      SELECT DISTINCT ON (root_id) id FROM content leaf
      WHERE parent_id IS NOT NULL AND status = 'published'
        AND NOT EXISTS (SELECT 1 FROM content child WHERE child.parent_id = leaf.id)
      ORDER BY root_id, index, id) c
    CROSS JOIN (
      SELECT id, row_number() OVER (PARTITION BY type ORDER BY id DESC) - 1 AS n FROM knowledge_item
      WHERE type IN ('TKS', 'KSA', 'KU')) k
    WHERE k.n < ${STATEMENTS_PER_TYPE}
    ON CONFLICT DO NOTHING`);

  const exported: { key: string; name: string; id: string }[] = [];
  for (const key of DEMO_COURSES) {
    const name = summary.courses.find((c) => c.key === key)?.name ?? key;
    const [row] = await source.ctx.database.db
      .select({ id: content.id })
      .from(content)
      .where(and(isNull(content.parentId), eq(content.name, name)));
    if (row) exported.push({ key, name, id: row.id });
  }
  const cartridges = await exportCartridges(exported.map((c) => c.id));
  for (const [k, course] of exported.entries()) {
    const targetId = await importCartridge(cartridges[k]!, `${course.key}.imscc`);
    courses.set(course.key, { name: course.name, sourceId: course.id, targetId });
  }
}, SETUP_TIMEOUT_MS);

describe('a demo course exported as a Common Cartridge and imported into an empty portal', () => {
  it('exports and imports each of the three demo courses', () => {
    expect([...courses.keys()]).toEqual(DEMO_COURSES);
  });

  it.each(DEMO_COURSES)('%s: has every item, with its metadata, alignments and files', async (key) => {
    const course = courses.get(key)!;
    const [exported, imported] = await Promise.all([
      treeOf(source, course.sourceId),
      treeOf(target, course.targetId),
    ]);
    expect(
      imported.map((i) => i.path),
      course.name,
    ).toEqual(exported.map((i) => i.path));
    for (const [at, { path, shape }] of exported.entries()) expect(imported[at]!.shape, path).toEqual(shape);

    for (const { shape } of exported) {
      compared.items += 1;
      compared.files += shape.files.length;
      compared.contributors += shape.contributors.length;
      compared.sections += shape.sections.length;
      compared.includes += shape.includes.length;
      compared.keywords += shape.keywords.length;
      compared.alignments += Object.values(shape.alignments).flat().length;
      compared.cybokTopics += shape.alignments.cybokAreas.flatMap((a) => a.topics ?? []).length;
    }
  });

  it('compared items with files, contributors, sections, includes, keywords, alignments and topics', () => {
    for (const [kind, count] of Object.entries(compared)) expect(count, kind).toBeGreaterThan(0);
  });
});

describe('what the portal writes beyond IMS’s words', () => {
  it('reads back a vCard of any name, school and title, escapes and all', () => {
    const people: VcardPerson[] = [
      {
        fullName: 'Ada Augusta King, Countess; of Lovelace \\ 1815',
        givenName: 'Ada',
        additionalNames: 'Augusta, King',
        familyName: 'Lovelace; Byron',
        prefix: 'Hon.',
        suffix: 'FRS',
        organization: 'Analytical Engine Society; London, UK',
        title: 'Programmer\nand translator',
      },
      { fullName: 'Ö’Brien <ob@example.org> & co' },
    ];
    for (const person of people) expect(readVcard(vcardOf(person))).toEqual(person);
    // Another writer's: folded lines, CRLF, a property group and parameters, version 2.1.
    expect(
      readVcard(
        [
          'BEGIN:VCARD',
          'VERSION:2.1',
          'item1.FN;CHARSET=UTF-8:Grace',
          '  Hopper',
          'ORG:US Navy;Reserve',
          'END:VCARD',
        ].join('\r\n'),
      ),
    ).toEqual({ fullName: 'Grace Hopper', organization: 'US Navy' });
    expect(readVcard('Grace Hopper')).toBeUndefined();
  });

  it('reads back from an item page the description and sections as written, and the includes', () => {
    const description = sanitizeRichText(
      [
        '<p>Tables <b>&amp;</b> lists:</p><table><tr><td>1</td></tr></table>',
        '<ul><li>a <a href="https://example.org/?a=1&b=2">link</a></li></ul>',
        '<p>Unclosed <em>emphasis</p>',
      ].join('\n'),
    );
    const page = {
      ...emptyItemPage(),
      description,
      includes: ['Wireshark <3> & "tcpdump"', '  spaced  '],
      sections: [
        { name: 'Tasks <1> & "2" 🔐', description: '<h2>Inner heading</h2><p>Find &lt;it&gt;.</p>' },
        { name: 'Empty', description: '' },
      ],
    };
    const item = {
      id: 'i',
      name: 'Lab',
      categories: [],
      children: [],
      files: [],
      source: null,
    } as unknown as BundleItem;
    const html = renderItemPage({
      item,
      page,
      childPages: [],
      files: [],
      portalUrl: 'https://portal.example/x',
    });
    expect(pageFieldsOf(html)).toEqual({
      descriptionHtml: description,
      includes: page.includes,
      sections: page.sections.map((s) => ({ name: s.name, descriptionHtml: s.description })),
    });
  });

  it('reads a hostile page in one pass: deep nesting, nested sections, no stack overflow', () => {
    const mark = (field: keyof typeof PAGE_FIELDS) => `${PAGE_FIELD_ATTRIBUTE}="${PAGE_FIELDS[field]}"`;
    const page = [
      `<ul ${mark('includes')}><li>${'<b>'.repeat(HOSTILE_DEPTH)}deep${'</b>'.repeat(HOSTILE_DEPTH)}</li></ul>`,
      `<section ${mark('section')}><h2>Outer</h2>`,
      `<section ${mark('section')}><h2>Inner</h2><div ${mark('sectionDescription')}>in</div></section>`,
      `<div ${mark('sectionDescription')}>out<p>unclosed</section>`,
    ].join('');
    expect(pageFieldsOf(page)).toEqual({
      includes: ['deep'],
      sections: [
        { name: 'Outer', descriptionHtml: 'out<p>unclosed' },
        { name: 'Inner', descriptionHtml: 'in' },
      ],
    });
  });
});
