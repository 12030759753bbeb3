/**
 * The demo import against a real database (createTestContext): counts are checked against the source
 * files themselves, read here independently of the importer's readers.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CLAIMS } from '@portal/shared/permissions';
import { CONTENT_TAGS } from '@portal/shared/enums';
import { TAG_LENGTH_MAX, TAGS_PER_CONTENT_MAX } from '@portal/shared/limits';
import { contributor } from '../../db/schema/contributors.js';
import {
  content,
  contentContributor,
  contentKnowledge,
  contentRevision,
} from '../../db/schema/courseware.js';
import { file } from '../../db/schema/files.js';
import { account, accountClaim } from '../../db/schema/identity.js';
import { knowledgeItem, workRole, workRoleCategory, workRoleStatement } from '../../db/schema/knowledge.js';
import { rows as selectRows } from '../../db/rows.js';
import YAML from 'yaml';
import { CYBOK_KNOWLEDGE_AREAS } from '@portal/shared/cybok';
import { checkPassword } from '../identity/identity.service.js';
import { bearer } from '../../testing/fixtures.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { importCourse } from './course-import.js';
import { sourceItem } from '../imports/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';
import { seedDemo, seedDemoIfEmpty, type SeedSummary } from './seed.service.js';

let ctx: TestContext;
let summary: SeedSummary;

/** A logger that keeps what it was given, to check what seedDemoIfEmpty reports. */
function recordingLogger(ctx: TestContext) {
  const lines: { level: string; msg: string; obj: unknown }[] = [];
  const log = ctx.app.log.child({});
  for (const level of ['info', 'warn', 'error', 'debug'] as const) {
    (log as unknown as Record<string, unknown>)[level] = (obj: unknown, msg?: string) => {
      lines.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? ''), obj });
    };
  }
  return { log, lines };
}

const dataDir = () => ctx.config.sharedDataDir;
const read = (relative: string) => fs.readFileSync(path.join(dataDir(), relative), 'utf8');
const sha256 = (buffer: Buffer) => crypto.createHash('sha256').update(buffer).digest('hex');

async function tableCounts() {
  const db = ctx.database.db;
  const count = async (table: Parameters<typeof db.$count>[0]) => db.$count(table);
  return {
    content: await count(content),
    knowledge: await count(knowledgeItem),
    workRoles: await count(workRole),
    workRoleStatements: await count(workRoleStatement),
    alignments: await count(contentKnowledge),
    contributors: await count(contributor),
    links: await count(contentContributor),
    files: await count(file),
    accounts: await count(account),
    claims: await count(accountClaim),
  };
}

async function courseByName(name: string) {
  const [row] = await ctx.database.db
    .select()
    .from(content)
    .where(and(eq(content.name, name), isNull(content.parentId)));
  return row;
}

async function childrenOf(parentId: string) {
  return ctx.database.db.select().from(content).where(eq(content.parentId, parentId)).orderBy(content.index);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { log, lines } = recordingLogger(ctx);
  await seedDemoIfEmpty({ db: ctx.database.db, config: ctx.config, fileStore: ctx.fileStore, log });
  const done = lines.find((l) => l.msg.startsWith('demo data imported'));
  expect(done, JSON.stringify(lines)).toBeDefined();
  summary = await seedDemo({ db: ctx.database.db, config: ctx.config, fileStore: ctx.fileStore });
});

afterAll(async () => {
  await ctx?.close();
});

describe('seedDemoIfEmpty', () => {
  it('imports every TKS, KSA and KU statement of the source files, and the 21 CyBOK 1.1 areas', async () => {
    const nice = JSON.parse(read('nice/v2.1.0/cprt_SP_800_181_2_1_0.json')) as {
      response: { elements: { elements: { element_type: string }[] } };
    };
    const tks = nice.response.elements.elements.filter((e) =>
      ['task', 'knowledge', 'skill'].includes(e.element_type),
    ).length;
    const ksa = ['nice_knowledge.yml', 'nice_skills.yml', 'nice_abilities.yml']
      .map((f) => read(`nice/legacy-sp800-181-2017/${f}`).match(/^[ \t]+[ksa]Id:/gm)?.length ?? 0)
      .reduce((a, b) => a + b, 0);
    const ku = read('cae/cae-cd-2020-core-kus.csv').trim().split(/\r?\n/).length - 1;

    const rows = await ctx.database.db
      .select({ type: knowledgeItem.type, n: sql<number>`count(*)::int` })
      .from(knowledgeItem)
      .groupBy(knowledgeItem.type);
    const byType = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    expect(byType).toEqual({ TKS: tks, KSA: ksa, KU: ku, CYBOK: 21 });
    expect(tks).toBeGreaterThan(2000);

    const [t0084] = await ctx.database.db
      .select()
      .from(knowledgeItem)
      .where(eq(knowledgeItem.id, 'tks-T0084'));
    expect(t0084).toMatchObject({
      code: 'T0084',
      type: 'TKS',
      name: 'Employ secure configuration management processes',
    });
    const [k0001] = await ctx.database.db
      .select()
      .from(knowledgeItem)
      .where(eq(knowledgeItem.id, 'ksa-K0001'));
    expect(k0001?.name).toMatch(/^Knowledge of computer networking concepts/);
    const [ple] = await ctx.database.db.select().from(knowledgeItem).where(eq(knowledgeItem.id, 'ku-PLE'));
    expect(ple?.name).toBe('Policy, Legal, Ethics, and Compliance');
    const [wam] = await ctx.database.db.select().from(knowledgeItem).where(eq(knowledgeItem.id, 'cybok-WAM'));
    expect(wam).toMatchObject({ code: 'WAM', type: 'CYBOK', name: 'Web & Mobile Security' });
  });

  it('imports the 41 NICE work roles in their 5 categories with every work role → TKS edge as it is', async () => {
    const nice = JSON.parse(read('nice/v2.1.0/cprt_SP_800_181_2_1_0.json')) as {
      response: {
        elements: {
          elements: { element_type: string; element_identifier: string }[];
          relationships: { source_element_identifier: string; dest_element_identifier: string }[];
        };
      };
    };
    const typeOf = new Map(
      nice.response.elements.elements.map((e) => [e.element_identifier, e.element_type]),
    );
    const edges = nice.response.elements.relationships.filter(
      (r) =>
        typeOf.get(r.source_element_identifier) === 'work_role' &&
        ['task', 'knowledge', 'skill'].includes(typeOf.get(r.dest_element_identifier) ?? ''),
    );
    const db = ctx.database.db;
    expect(await db.$count(workRoleCategory)).toBe(5);
    expect(await db.$count(workRole)).toBe(41);
    expect(await db.$count(workRoleStatement)).toBe(edges.length);
    expect(edges.length).toBe(5334);
    expect(summary.workRoles).toBe(41);

    const [va] = await db.select().from(workRole).where(eq(workRole.id, 'PD-WRL-007'));
    expect(va).toMatchObject({ name: 'Vulnerability Analysis', categoryId: 'PD' });
    const [pd] = await db.select().from(workRoleCategory).where(eq(workRoleCategory.id, 'PD'));
    expect(pd?.name).toBe('Protection and Defense');
    // K0675–K0679 belong to every role; 327 TKS to none (PEERS.md "Alignment").
    const everyRole = await db
      .select({ id: workRoleStatement.knowledgeId, n: sql<number>`count(*)::int` })
      .from(workRoleStatement)
      .groupBy(workRoleStatement.knowledgeId)
      .having(sql`count(*) = 41`);
    expect(everyRole.map((r) => r.id).sort()).toEqual(
      ['K0675', 'K0676', 'K0677', 'K0678', 'K0679'].map((k) => `tks-${k}`),
    );
    const [none] = await selectRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM knowledge_item k WHERE k.type = 'TKS'
          AND NOT EXISTS (SELECT 1 FROM work_role_statement s WHERE s.knowledge_id = k.id)`,
    );
    expect(none?.n).toBe(327);
  });

  it("reads each lab sheet's cybok: front matter into CyBOK alignments with topics and keywords", async () => {
    const labs = path.join(dataDir(), 'courseware/hacktivity-lab-sheets/_labs');
    const expected = new Map<string, string[]>();
    for (const folder of fs.readdirSync(labs)) {
      if (!fs.statSync(path.join(labs, folder)).isDirectory()) continue;
      for (const f of fs.readdirSync(path.join(labs, folder)).filter((n) => n.endsWith('.md'))) {
        // Only the cybok block (some sheets' other front matter needs the importer's YAML repair).
        const text = fs.readFileSync(path.join(labs, folder, f), 'utf8');
        const block = /^cybok:[^\n]*\n(?:(?:[ \t]|- )[^\n]*\n)*/m.exec(text)?.[0];
        const data = block ? (YAML.parse(block) as { cybok?: { ka: string }[] } | null) : null;
        if (data?.cybok?.length) {
          expected.set(`_labs/${folder}/${f}`, [...new Set(data.cybok.map((c) => `cybok-${c.ka}`))].sort());
        }
      }
    }
    expect(expected.size).toBe(40);
    const rows = await ctx.database.db
      .select({ sourceUrl: content.sourceUrl, knowledgeId: contentKnowledge.knowledgeId })
      .from(contentKnowledge)
      .innerJoin(content, eq(content.id, contentKnowledge.contentId));
    const found = new Map<string, string[]>();
    for (const r of rows) {
      const key = r.sourceUrl!.slice(r.sourceUrl!.indexOf('/_labs/') + 1);
      found.set(key, [...(found.get(key) ?? []), r.knowledgeId].sort());
    }
    expect(found).toEqual(expected);
    const codes = new Set(CYBOK_KNOWLEDGE_AREAS.map((ka) => `cybok-${ka.code}`));
    expect(rows.every((r) => codes.has(r.knowledgeId))).toBe(true);

    const sqli = await courseByName('Hacktivity Lab Sheets').then(async (course) => {
      const [row] = await ctx.database.db
        .select({ id: content.id })
        .from(content)
        .where(and(eq(content.rootId, course!.id), eq(content.name, 'Web Security: SQL Injection')));
      return row!;
    });
    const links = await ctx.database.db
      .select()
      .from(contentKnowledge)
      .where(eq(contentKnowledge.contentId, sqli.id))
      .orderBy(contentKnowledge.index);
    expect(links.map((l) => l.knowledgeId)).toEqual(['cybok-WAM', 'cybok-SS']);
    expect(links[0]!.topics).toEqual([
      {
        topic: 'Fundamental Concepts and Approaches',
        keywords: [
          'HYPERTEXT MARKUP LANGUAGE (HTML)',
          'HYPERTEXT TRANSFER PROTOCOL (HTTP) - PROXYING',
          'DATABASE',
          'SESSION HIJACKING',
          'CLIENT-SERVER MODELS',
        ],
      },
      {
        topic: 'Server-Side Vulnerabilities and Mitigations',
        keywords: [
          'injection vulnerabilities',
          'server-side misconfiguration and vulnerable components',
          'SQL-INJECTION',
          'BACK-END',
          'BLIND ATTACKS',
        ],
      },
    ]);
    expect(links[1]!.topics?.map((t) => t.topic)).toEqual([
      'Categories of Vulnerabilities',
      'Prevention of Vulnerabilities',
      'Detection of Vulnerabilities',
    ]);
  });

  it('imports the Hacktivity lab sheets: one module per _labs folder, one sheet per markdown file', async () => {
    const labs = path.join(dataDir(), 'courseware/hacktivity-lab-sheets/_labs');
    const folders = fs.readdirSync(labs).filter((f) => fs.statSync(path.join(labs, f)).isDirectory());
    const course = await courseByName('Hacktivity Lab Sheets');
    expect(course).toBeDefined();
    const modules = await childrenOf(course!.id);
    expect(modules).toHaveLength(folders.length);
    expect(modules).toHaveLength(7);
    for (const m of modules) {
      const folder = folders.find((f) => m.sourceUrl?.endsWith(`/_labs/${f}`));
      expect(folder, m.name).toBeDefined();
      const sheets = await childrenOf(m.id);
      expect(sheets.map((s) => s.name)).toEqual(m.includes);
      expect(sheets).toHaveLength(
        fs.readdirSync(path.join(labs, folder!)).filter((f) => f.endsWith('.md')).length,
      );
      expect(m.categories).toEqual(['module']);
    }
  });

  it('imports the XSS lab sheet with its author, keywords, licence and its real file', async () => {
    const [sheet] = await ctx.database.db
      .select()
      .from(content)
      .where(eq(content.name, 'Web Security: Cross-Site Scripting'));
    expect(sheet).toBeDefined();
    expect(sheet!.keywords).toEqual([
      'web-security',
      'xss',
      'cross-site-scripting',
      'dvwa',
      'webgoat',
      'security-shepherd',
    ]);
    expect(sheet!.licenseName).toBe('CC BY-SA 4.0');
    expect(sheet!.licenseUrl).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(sheet!.sourceUrl).toBe(
      'https://github.com/cliffe/HacktivityLabSheets/blob/dbbc59dc982ab80dc53454bd36fb3556a4ce383d/_labs/web_security/3_xss.md',
    );
    expect(sheet!.sourceAuthor).toBe('Thalita Vergilio');
    expect(sheet!.categories).toEqual(['exercise']);
    expect(sheet!.tags).toEqual(['lab']);
    expect(sheet!.status).toBe('published');
    expect(sheet!.urlAlias).toBe('hacktivity-lab-sheets/web-security/web-security-cross-site-scripting');
    expect(sheet!.descriptionText).toMatch(/^Learn about Cross-Site Scripting \(XSS\) attacks/);
    expect(sheet!.description).toContain('<p>');

    const people = await ctx.database.db
      .select({
        firstName: contributor.firstName,
        lastName: contributor.lastName,
        school: contributor.school,
      })
      .from(contentContributor)
      .innerJoin(contributor, eq(contributor.id, contentContributor.contributorId))
      .where(eq(contentContributor.contentId, sheet!.id));
    expect(people).toEqual([{ firstName: 'Thalita', lastName: 'Vergilio', school: null }]);

    const files = await ctx.database.db.select().from(file).where(eq(file.metadataId, sheet!.id));
    expect(files).toHaveLength(1);
    const real = fs.readFileSync(
      path.join(dataDir(), 'courseware/hacktivity-lab-sheets/_labs/web_security/3_xss.md'),
    );
    expect(files[0]).toMatchObject({
      filename: '3_xss.md',
      mimeType: 'text/markdown',
      size: real.length,
      sha256: sha256(real),
      visibility: 'private',
      metadataType: 'content',
      status: 'ready',
    });
    expect(await text(ctx.fileStore.get(files[0]!.storageKey))).toBe(real.toString('utf8'));
  });

  it("starts every imported item's history at version 1, Created, as the editor's items start", async () => {
    const [faculty] = await ctx.database.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.email, 'faculty@example.edu'));
    const [sheet] = await ctx.database.db
      .select({ id: content.id })
      .from(content)
      .where(eq(content.name, 'Web Security: Cross-Site Scripting'));
    const res = await ctx.app.inject({
      url: `/api/v1/content/${sheet!.id}/revisions`,
      headers: await bearer(ctx.app, faculty!.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ version: 1, authorId: null, fields: [], files: [], restoredFrom: null }),
    ]);
    const items = await ctx.database.db.$count(content);
    expect(await ctx.database.db.$count(contentRevision, eq(contentRevision.version, 0))).toBe(items);
  });

  it('imports Security-101: one module per lesson number, lessons and quizzes in N.M order', async () => {
    const dir = path.join(dataDir(), 'courseware/microsoft-security-101');
    const lessonFiles = fs.readdirSync(dir).filter((f) => /^\d+\.\d+ .+\.md$/.test(f));
    const moduleNumbers = new Set(lessonFiles.map((f) => f.split('.')[0]));
    const course = await courseByName('Cybersecurity for Beginners – a curriculum');
    expect(course).toBeDefined();
    expect(course!.experienceLevels).toEqual(['beginner']);
    const modules = await childrenOf(course!.id);
    expect(modules).toHaveLength(moduleNumbers.size);
    expect(modules).toHaveLength(8);
    expect(modules[0]!.name).toBe('Basic security concepts');
    let items = 0;
    for (const m of modules) items += (await childrenOf(m.id)).length;
    expect(items).toBe(lessonFiles.length);

    const first = await childrenOf(modules[0]!.id);
    expect(first.map((l) => l.name)).toEqual([
      'The CIA triad and other key concepts',
      'Common cybersecurity threats',
      'Understanding risk management',
      'Security practices and documentation',
      'Zero trust',
      'Shared responsibility model',
      'End of module quiz',
    ]);
    const quiz = first[6]!;
    expect(quiz.tags).toEqual(['quizzes']);
    expect(quiz.description).toContain('https://forms.office.com/r/');
    expect(first[0]!.categories).toEqual(['lesson']);
    expect(first[0]!.licenseName).toBe('CC0 1.0 Universal');
  });

  it('imports SEED Labs: one module per category folder with labs, one lab per main handout', async () => {
    const root = path.join(dataDir(), 'courseware/seed-labs');
    const expected = new Map<string, number>();
    for (const category of fs.readdirSync(root).filter((f) => f.startsWith('category-'))) {
      const labs = fs
        .readdirSync(path.join(root, category))
        .filter((lab) => fs.existsSync(path.join(root, category, lab, `${lab}.tex`)));
      if (labs.length > 0) expected.set(category, labs.length);
    }
    const course = await courseByName('SEED Labs');
    expect(course).toBeDefined();
    const all = await childrenOf(course!.id);
    // category-ctf has no lab here, only a pointer elsewhere: an unpublished draft module.
    const drafts = all.filter((m) => m.status === 'unpublished');
    expect(drafts.map((m) => m.sourceUrl?.split('/').at(-1))).toEqual(['category-ctf']);
    const modules = all.filter((m) => m.status === 'published');
    expect(modules).toHaveLength(expected.size);
    expect(modules).toHaveLength(7);
    let labs = 0;
    for (const m of modules) {
      const category = [...expected.keys()].find((c) => m.sourceUrl?.endsWith(`/${c}`));
      const children = await childrenOf(m.id);
      expect(children, m.name).toHaveLength(expected.get(category!)!);
      labs += children.length;
    }
    expect(labs).toBe(49);

    const [xss] = await ctx.database.db
      .select()
      .from(content)
      .where(eq(content.name, 'Cross-Site Scripting (XSS) Attack Lab'));
    expect(xss?.descriptionText).toMatch(/^Cross-site scripting \(XSS\) is a type of vulnerability/);
    expect(xss?.licenseName).toBe('CC BY-NC-SA 4.0');
    const [du] = await ctx.database.db
      .select()
      .from(contributor)
      .where(and(eq(contributor.firstName, 'Wenliang'), eq(contributor.lastName, 'Du')));
    expect(du?.school).toBe('Syracuse University');
  });

  it('keeps the hierarchy, aliases, classification and attribution consistent', async () => {
    const rows = await ctx.database.db.select().from(content);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(new Set(rows.map((r) => r.urlAlias)).size).toBe(rows.length);
    for (const row of rows) {
      const root = row.parentId ? byId.get(row.rootId!) : row;
      expect(root?.parentId, row.name).toBeNull();
      expect(row.rootId).toBe(root?.id);
      if (row.parentId) expect(row.urlAlias.startsWith(`${byId.get(row.parentId)!.urlAlias}/`)).toBe(true);
      expect(row.status, row.name).toBe(
        row.sourceUrl?.endsWith('/category-ctf') ? 'unpublished' : 'published',
      );
      expect(row.sourceName && row.sourceUrl && row.licenseName && row.licenseUrl, row.name).toBeTruthy();
      expect(row.tags.every((t) => (CONTENT_TAGS as readonly string[]).includes(t))).toBe(true);
      expect(row.keywords.length).toBeLessThanOrEqual(TAGS_PER_CONTENT_MAX);
      expect(row.keywords.every((k) => k.length <= TAG_LENGTH_MAX)).toBe(true);
      expect(row.educationLevels).toEqual([]);
      expect(row.lastCuratedCourseware).toBeNull();
      expect(row.description.length, row.name).toBeGreaterThan(0);
      expect(row.description).not.toMatch(/<script|<img|on\w+=/i);
    }
    // Only the Hacktivity lab sheets state alignments (their CyBOK front matter).
    const aligned = await ctx.database.db
      .selectDistinct({ sourceName: content.sourceName })
      .from(contentKnowledge)
      .innerJoin(content, eq(content.id, contentKnowledge.contentId));
    expect(aligned.map((a) => a.sourceName)).toEqual([
      'Hacktivity Cyber Security Labs (cliffe/HacktivityLabSheets)',
    ]);
  });

  it('creates the demo accounts with their role claims and the demo password', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const [row] = await ctx.database.db.select().from(account).where(eq(account.email, demo.email));
      expect(row, demo.email).toBeDefined();
      expect(row!.displayName).toBe(demo.displayName);
      expect(row!.emailVerifiedAt).not.toBeNull();
      const claims = await ctx.database.db
        .select({ type: accountClaim.type, value: accountClaim.value, scopes: accountClaim.scopes })
        .from(accountClaim)
        .where(eq(accountClaim.accountId, row!.id));
      expect(claims).toEqual(
        expect.arrayContaining(
          ROLE_CLAIMS[demo.role].map((c) => ({ type: c.type, value: c.value, scopes: c.scopes ?? [] })),
        ),
      );
      expect(claims).toHaveLength(ROLE_CLAIMS[demo.role].length);
      await expect(checkPassword(ctx.database.db, demo.email, DEMO_PASSWORD)).resolves.toBe(row!.id);
    }
  });

  it('does nothing the second time', async () => {
    const before = await tableCounts();
    // seedDemo ran once more in beforeAll, after seedDemoIfEmpty: everything was skipped.
    expect(summary.courses.every((c) => c.skipped)).toBe(true);
    expect(summary.knowledgeInserted).toBe(0);
    expect(summary.accountsCreated).toEqual([]);
    const { log, lines } = recordingLogger(ctx);
    await seedDemoIfEmpty({ db: ctx.database.db, config: ctx.config, fileStore: ctx.fileStore, log });
    expect(lines.some((l) => l.msg.includes('not imported'))).toBe(true);
    expect(await tableCounts()).toEqual(before);
    // No stray bytes either: exactly one stored object per file row.
    const stored = fs
      .readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true })
      .filter((f) => fs.statSync(path.join(ctx.dataDir, 'files', String(f))).isFile());
    expect(stored).toHaveLength(before.files);
  });
});

describe('importCourse', () => {
  it('leaves neither rows nor stored files behind when the transaction fails', async () => {
    const puts: string[] = [];
    const store = {
      ...ctx.fileStore,
      put: (key: string, body: Parameters<typeof ctx.fileStore.put>[1]) => (
        puts.push(key),
        ctx.fileStore.put(key, body)
      ),
    };
    const license = { name: 'CC0 1.0 Universal', url: 'https://creativecommons.org/publicdomain/zero/1.0/' };
    const realFile = path.join(dataDir(), 'courseware/microsoft-security-101/1.5 Zero trust.md');
    const broken = sourceItem({
      name: 'Broken course',
      sourceUrl: 'https://example.org',
      license,
      children: [
        sourceItem({
          name: 'Lesson',
          sourceUrl: 'https://example.org/lesson',
          license,
          files: [{ path: realFile, filename: 'zero.md', name: 'Zero', mimeType: 'text/markdown' }],
          // PostgreSQL refuses a NUL character in text: the insert fails after the file was stored.
          sections: [{ name: 'bad\u0000name', descriptionHtml: '<p>x</p>' }],
        }),
      ],
    });
    await expect(
      importCourse({
        db: ctx.database.db,
        fileStore: store,
        source: { key: 'broken', sourceName: 'Test', course: broken },
      }),
    ).rejects.toThrow();
    expect(puts).toHaveLength(1);
    await expect(ctx.fileStore.size(puts[0]!)).rejects.toThrow();
    expect(await ctx.database.db.$count(content, eq(content.urlAlias, 'broken-course'))).toBe(0);
  });

  it('fails before storing anything when a source file is missing', async () => {
    const license = { name: 'CC0 1.0 Universal', url: 'https://creativecommons.org/publicdomain/zero/1.0/' };
    const before = await tableCounts();
    const missing = sourceItem({
      name: 'Missing file course',
      sourceUrl: 'https://example.org',
      license,
      files: [
        {
          path: path.join(ctx.dataDir, 'no-such-file.md'),
          filename: 'x.md',
          name: 'X',
          mimeType: 'text/markdown',
        },
      ],
    });
    await expect(
      importCourse({
        db: ctx.database.db,
        fileStore: ctx.fileStore,
        source: { key: 'missing', sourceName: 'Test', course: missing },
      }),
    ).rejects.toThrow(/ENOENT/);
    expect(await tableCounts()).toEqual(before);
  });
});
