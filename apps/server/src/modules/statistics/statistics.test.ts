/**
 * The statistics dashboard's API on a real database (001 §3, §5, §7, §9): metrics against an
 * independent count, buckets across a month, a year and a daylight-saving change, top tables, the
 * rollups against a recount, the CSV export parsed with papaparse, every date-filter error, refusals.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@portal/shared/enums';
import { STATISTICS_EXPORT_BATCH } from '@portal/shared/limits';
import {
  DATE_FILTER_MESSAGES,
  DOWNLOAD_CSV_COLUMNS,
  type StatisticBucketPage,
} from '@portal/shared/schemas/statistics';
import { loadConfig } from '../../config.js';
import { openDatabase, type Db } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { rows } from '../../db/rows.js';
import { content, contentKnowledge } from '../../db/schema/courseware.js';
import { account } from '../../db/schema/identity.js';
import { organization } from '../../db/schema/organizations.js';
import { buildApp } from '../../app.js';
import { createLocalFileStore } from '../../lib/storage.js';
import { createServerDatabase } from '../../testing/test-app.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer, createAccounts, createTree } from '../../testing/fixtures.js';
import { insertAccount, insertClaims } from '../identity/accounts.repository.js';
import { API_CLAIM, CLAIM } from '@portal/shared/permissions';
import { recordDownload } from './statistics.service.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });
let units: { school: string; college: string; agency: string };

async function createUnits(db: Db) {
  const [school, college, agency] = await db
    .insert(organization)
    .values([
      { name: 'Lincoln High School', category: 'k12', region: 'Nebraska' },
      { name: 'Valley Community College', category: 'communitycollege', region: 'Arizona' },
      { name: 'State Cyber Agency', category: 'government', region: 'Virginia' },
    ])
    .returning({ id: organization.id });
  return { school: school!.id, college: college!.id, agency: agency!.id };
}

/** Records a download at a given instant, through the same service the file route uses. */
async function downloadAt(db: Db, occurredAt: string, accountId: string | null, topContentId: string) {
  await recordDownload(db, {
    occurredAt: new Date(occurredAt),
    accountId,
    userName: accountId ? 'Test user' : null,
    userEmail: accountId ? 'user@test.example.edu' : null,
    fileId: tree.fileId,
    fileName: 'xss-lab.md',
    contentId: tree.lab,
    contentName: 'Cross-Site Scripting Lab',
    topContentId,
    topContentName: 'Network Security Course',
    tags: ['lab'],
  });
}

const get = async (url: string, role: Role | null = 'contenteditor') =>
  ctx.app.inject({ method: 'GET', url, headers: role ? await bearer(ctx.app, accounts[role]) : {} });

/** The rollups as stored, and as counted again from the raw events. */
async function rollupsAndRecount(db: Db) {
  const stored = await rows(
    db,
    sql`SELECT 'slot' AS k, slot_start::text AS a, '' AS b, downloads AS n FROM download_slot_count
        UNION ALL SELECT 'unit', day::text, organization_id::text, downloads FROM download_day_unit
        UNION ALL SELECT 'content', day::text || category_group, top_content_id::text, downloads
          FROM download_day_content ORDER BY 1, 2, 3`,
  );
  const recount = await rows(
    db,
    sql`SELECT * FROM (
          SELECT 'slot' AS k, to_timestamp(floor(extract(epoch FROM occurred_at) / 900) * 900)::text AS a,
                 '' AS b, count(*)::int AS n FROM download_event GROUP BY 2
          UNION ALL SELECT 'unit', (occurred_at AT TIME ZONE 'UTC')::date::text, organization_id::text,
                 count(*)::int FROM download_event WHERE organization_id IS NOT NULL GROUP BY 2, 3
          UNION ALL SELECT 'content', (occurred_at AT TIME ZONE 'UTC')::date::text || organization_category,
                 top_content_id::text, count(*)::int FROM download_event
                 WHERE organization_id IS NOT NULL AND top_content_id IS NOT NULL GROUP BY 2, 3
        ) r ORDER BY 1, 2, 3`,
  );
  return { stored, recount };
}

beforeAll(async () => {
  const db = ctx.database.db;
  units = await createUnits(db);
  await db.update(account).set({ organizationId: units.school }).where(eq(account.id, accounts.faculty));
  await db.update(account).set({ organizationId: units.college }).where(eq(account.id, accounts.student));
  await db.update(account).set({ organizationId: units.agency }).where(eq(account.id, accounts.admin));
  // America/New_York: a year's end, a month's end and the start of daylight saving (2026-03-08 02:00).
  const at = (t: string, who: string | null) => downloadAt(db, t, who, tree.course);
  await at('2025-12-31T23:30:00-05:00', accounts.faculty); // Dec 31 local, Jan 1 in UTC
  await at('2026-01-01T00:30:00-05:00', accounts.faculty); // Jan 1
  await at('2026-01-31T23:59:00-05:00', accounts.student); // Jan 31, Feb 1 in UTC
  await at('2026-03-07T23:30:00-05:00', accounts.faculty); // Mar 7
  await at('2026-03-08T00:30:00-05:00', accounts.student); // Mar 8, before the change
  await at('2026-03-08T23:30:00-04:00', accounts.faculty); // Mar 8, after it: 03:30 UTC on Mar 9
  await at('2026-03-09T00:30:00-04:00', accounts.admin); // Mar 9: 04:30 UTC, a fixed -5 would say Mar 8
  await at('2026-03-09T12:00:00-04:00', null); // no business unit
});

const RANGE = 'from=2025-12-31&to=2026-03-10&timeZone=America%2FNew_York';

describe('courseware metrics', () => {
  it('equal counts computed independently from the items the editor may see', async () => {
    const res = await get('/api/v1/statistics/metrics');
    expect(res.statusCode).toBe(200);
    // A content editor holds view-archived-content: every item counts.
    const visible = await ctx.database.db.select().from(content);
    const ids = new Set(visible.map((c) => c.id));
    const links = (await ctx.database.db.select().from(contentKnowledge)).filter((l) => ids.has(l.contentId));
    const metrics = res.json();
    const having = (pick: (c: (typeof visible)[number]) => string[], value: string) =>
      visible.filter((c) => pick(c).includes(value)).length;
    expect(metrics).toEqual({
      assignmentCount: having((c) => c.tags, 'homework'),
      categoryCounts: {
        course: having((c) => c.categories, 'course'),
        module: having((c) => c.categories, 'module'),
        lesson: having((c) => c.categories, 'lesson'),
        exercise: having((c) => c.categories, 'exercise'),
        environment: having((c) => c.categories, 'environment'),
      },
      experienceLevelCounts: {
        beginner: having((c) => c.experienceLevels, 'beginner'),
        beginnerplus: having((c) => c.experienceLevels, 'beginnerplus'),
        intermediate: having((c) => c.experienceLevels, 'intermediate'),
        intermediateplus: having((c) => c.experienceLevels, 'intermediateplus'),
        advanced: having((c) => c.experienceLevels, 'advanced'),
      },
      educationLevelCounts: {
        highschool: having((c) => c.educationLevels, 'highschool'),
        communitycollege: having((c) => c.educationLevels, 'communitycollege'),
        universityundergraduate: having((c) => c.educationLevels, 'universityundergraduate'),
        graduatestudent: having((c) => c.educationLevels, 'graduatestudent'),
      },
      linkagesCount: links.length,
      quizCount: having((c) => c.tags, 'quizzes'),
      totalCourseware: visible.length,
    });
    // The fixture lab is aligned to one TKS and one CyBOK knowledge area.
    expect(metrics.totalCourseware).toBe(6);
    expect(metrics.categoryCounts.exercise).toBe(4);
    expect(metrics.linkagesCount).toBe(2);
  });

  it('count only what the viewer may open: an editor without view-archived misses the archived item', async () => {
    const row = await insertAccount(ctx.database.db, {
      email: 'patch-only@test.example.edu',
      displayName: 'Patch only',
      passwordHash: null,
      verified: true,
    });
    await insertClaims(ctx.database.db, row.id, [
      { type: CLAIM.role, value: 'faculty' },
      { type: CLAIM.api, value: API_CLAIM.patchContent },
    ]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/statistics/metrics',
      headers: await bearer(ctx.app, row.id),
    });
    expect(res.statusCode).toBe(200);
    const all = await ctx.database.db.select().from(content);
    expect(res.json().totalCourseware).toBe(all.filter((c) => c.status !== 'archived').length);
  });
});

describe('download buckets', () => {
  it('count per calendar day of the viewer zone across a year, a month and a daylight-saving change', async () => {
    const res = await get(`/api/v1/statistics/contentfiledownload/downloads/buckets?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const page: StatisticBucketPage = res.json();
    const byDay = Object.fromEntries(page.items.map((b) => [b.label, b.value]));
    expect(page.items).toHaveLength(69); // every day of [2025-12-31, 2026-03-10), empty days too
    expect(page.items[0]!.id).toBe('contentfiledownload#downloads#2025-12-31');
    expect(byDay).toMatchObject({
      '2025-12-31': 1,
      '2026-01-01': 1,
      '2026-01-31': 1,
      '2026-02-01': 0,
      '2026-03-07': 1,
      '2026-03-08': 2,
      '2026-03-09': 2,
    });
    expect(page.nextPageToken).toBeNull();
  });

  it('are the same days in UTC as the raw timestamps say', async () => {
    const res = await get(
      '/api/v1/statistics/contentfiledownload/downloads/buckets?from=2026-03-08&to=2026-03-10&timeZone=UTC',
    );
    // UTC Mar 8: 04:30Z and 05:30Z; Mar 9: 03:30Z, 04:30Z and 16:00Z.
    expect(res.json().items.map((b: { value: number }) => b.value)).toEqual([2, 3]);
  });

  it('page by nextPageToken', async () => {
    const first = (
      await get(`/api/v1/statistics/contentfiledownload/downloads/buckets?${RANGE}&limit=40`)
    ).json();
    expect(first.items).toHaveLength(40);
    const second = (
      await get(
        `/api/v1/statistics/contentfiledownload/downloads/buckets?${RANGE}&limit=40&token=${first.nextPageToken}`,
      )
    ).json();
    expect(second.items).toHaveLength(29);
    expect(second.items[0].label).toBe('2026-02-09');
    expect(second.nextPageToken).toBeNull();
  });

  it('rank business units (top schools) and page them', async () => {
    const res = await get(`/api/v1/statistics/contentfiledownload/businessunit/buckets?${RANGE}&limit=2`);
    const page = res.json();
    expect(page.items).toEqual([
      { id: `contentfiledownload#businessunit#${units.school}`, label: 'Lincoln High School', value: 4 },
      {
        id: `contentfiledownload#businessunit#${units.college}`,
        label: 'Valley Community College',
        value: 2,
      },
    ]);
    const next = (
      await get(
        `/api/v1/statistics/contentfiledownload/businessunit/buckets?${RANGE}&limit=2&token=${page.nextPageToken}`,
      )
    ).json();
    expect(next.items).toEqual([
      { id: `contentfiledownload#businessunit#${units.agency}`, label: 'State Cyber Agency', value: 1 },
    ]);
  });

  it('count a range of part days from the raw events (no whole UTC day inside)', async () => {
    const res = await get(
      '/api/v1/statistics/contentfiledownload/businessunit/buckets?from=2026-03-08&to=2026-03-09&timeZone=America%2FNew_York',
    );
    expect(res.json().items.map((b: { value: number }) => b.value)).toEqual([1, 1]);
  });

  it('rank top-most content per category group', async () => {
    const k12 = (
      await get(`/api/v1/statistics/contentfiledownload/topmostcontent/buckets?${RANGE}&view=k12`)
    ).json();
    expect(k12.items).toEqual([
      {
        id: `contentfiledownload#topmostcontent#k12#${tree.course}`,
        label: 'Network Security Course',
        value: 4,
      },
    ]);
    const university = (
      await get(`/api/v1/statistics/contentfiledownload/topmostcontent/buckets?${RANGE}&view=university`)
    ).json();
    expect(university.items).toEqual([]);
  });
});

describe('the date filter (001 §5)', () => {
  const issuesOf = async (query: string) => {
    const res = await get(`/api/v1/statistics/contentfiledownload/downloads/buckets?${query}`);
    expect(res.statusCode).toBe(400);
    return res.json().details.issues as { field: string; message: string }[];
  };

  it('refuses a from date after the to date, on both fields', async () => {
    expect(await issuesOf('from=2026-03-02&to=2026-03-01')).toEqual(
      expect.arrayContaining([
        { field: 'querystring.from', message: DATE_FILTER_MESSAGES.fromAfterTo },
        { field: 'querystring.to', message: DATE_FILTER_MESSAGES.toBeforeFrom },
      ]),
    );
  });

  it('refuses an empty range (from must be earlier than to)', async () => {
    const issues = await issuesOf('from=2026-03-01&to=2026-03-01');
    expect(issues.map((i) => i.message)).toContain(DATE_FILTER_MESSAGES.fromAfterTo);
  });

  it('refuses a range over 12 months and takes exactly 12', async () => {
    expect(await issuesOf('from=2025-01-31&to=2026-02-01')).toEqual([
      { field: 'querystring.to', message: 'Filter range may not exceed 12 months.' },
    ]);
    const ok = await get(
      '/api/v1/statistics/contentfiledownload/downloads/buckets?from=2025-01-31&to=2026-01-31',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items).toHaveLength(365);
  });

  it('refuses dates that are not calendar days and unknown time zones', async () => {
    expect((await issuesOf('from=2026-02-30&to=2026-03-01'))[0]!.field).toBe('querystring.from');
    expect((await issuesOf('from=2026-02-01&to=2026-03-01&timeZone=Mars%2FOlympus'))[0]!.field).toBe(
      'querystring.timeZone',
    );
    expect((await issuesOf('from=yesterday&to=2026-03-01'))[0]!.field).toBe('querystring.from');
  });

  it('refuses a page token of another list', async () => {
    const res = await get(`/api/v1/statistics/contentfiledownload/businessunit/buckets?${RANGE}&token=abc`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.field).toBe('nextPageToken');
  });
});

describe('raw data and the CSV export (001 §7, §9)', () => {
  it('page raw data points oldest first with their business unit', async () => {
    const first = (await get(`/api/v1/statistics/contentfiledownload/raw?${RANGE}&limit=5`)).json();
    expect(first.items).toHaveLength(5);
    expect(first.items[0].metadata).toMatchObject({
      fileName: 'xss-lab.md',
      downloadedFrom: { contentName: 'Cross-Site Scripting Lab', tags: ['lab'] },
      topMostContent: { contentName: 'Network Security Course' },
      businessUnits: [{ name: 'Lincoln High School', category: 'k12', region: 'Nebraska' }],
    });
    const rest = (
      await get(`/api/v1/statistics/contentfiledownload/raw?${RANGE}&limit=5&token=${first.nextPageToken}`)
    ).json();
    expect(rest.items).toHaveLength(3);
    expect(rest.items[2].metadata.businessUnits).toEqual([]);
    expect(rest.nextPageToken).toBeNull();
  });

  it('streams a CSV with the columns in order, one row per download, None for a missing unit', async () => {
    const res = await get(`/api/v1/statistics/contentfiledownload/export?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(
      'filename="coursewareDownloads_2025-12-31_to_2026-03-10.csv"',
    );
    const parsed = Papa.parse<string[]>(res.body, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...data] = parsed.data;
    expect(header).toEqual([...DOWNLOAD_CSV_COLUMNS]);
    expect(data).toHaveLength(8);
    const events = await rows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id FROM download_event ORDER BY occurred_at, id`,
    );
    expect(data.map((r) => r[0])).toEqual(events.map((e) => e.id));
    expect(data[0]!.slice(2)).toEqual([
      'Test user',
      'user@test.example.edu',
      'Lincoln High School',
      'k12',
      'Nebraska',
      'xss-lab.md',
      tree.fileId,
      'Cross-Site Scripting Lab',
      'lab',
      'Network Security Course',
    ]);
    expect(data[7]!.slice(4, 7)).toEqual(['None', 'None', 'None']);
  });

  it('escapes commas, quotes and line breaks so the file parses back to the same values', async () => {
    await ctx.database.db
      .update(organization)
      .set({ name: 'Smith, "Jones"\nAcademy' })
      .where(eq(organization.id, units.agency));
    const res = await get(`/api/v1/statistics/contentfiledownload/export?${RANGE}`);
    const parsed = Papa.parse<string[]>(res.body, { skipEmptyLines: true });
    expect(parsed.data.filter((r) => r[4] === 'Smith, "Jones"\nAcademy')).toHaveLength(1);
    await ctx.database.db
      .update(organization)
      .set({ name: 'State Cyber Agency' })
      .where(eq(organization.id, units.agency));
  });
});

describe('the CSV export at length and against formulas (001 §9)', () => {
  it('streams every row of a range longer than one keyset batch, in order, none twice', async () => {
    const extra = STATISTICS_EXPORT_BATCH * 2 + 3;
    await ctx.database.db.execute(sql`
      INSERT INTO download_event (occurred_at, user_name, user_email, file_id, file_name, content_id,
        content_name, top_content_id, top_content_name, tags)
      SELECT TIMESTAMPTZ '2026-02-01 12:00:00+00' + n * interval '1 second', 'Bulk user', 'bulk@example.edu',
             ${tree.fileId}::uuid, 'xss-lab.md', ${tree.lab}::uuid, 'Cross-Site Scripting Lab',
             ${tree.course}::uuid, 'Network Security Course', '["lab"]'::jsonb
      FROM generate_series(1, ${extra}::int) n`);
    try {
      const res = await get(`/api/v1/statistics/contentfiledownload/export?${RANGE}`);
      const parsed = Papa.parse<string[]>(res.body, { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const data = parsed.data.slice(1);
      const events = await rows<{ id: string }>(
        ctx.database.db,
        sql`SELECT id FROM download_event ORDER BY occurred_at, id`,
      );
      expect(events.length).toBeGreaterThan(extra);
      expect(data.map((r) => r[0])).toEqual(events.map((e) => e.id));
    } finally {
      await ctx.database.db.execute(sql`DELETE FROM download_event WHERE user_name = 'Bulk user'`);
    }
  });

  it('keeps a business unit named like a formula from running in a spreadsheet', async () => {
    const formula = '=HYPERLINK("http://evil.example","open")';
    await ctx.database.db
      .update(organization)
      .set({ name: formula })
      .where(eq(organization.id, units.agency));
    try {
      const res = await get(`/api/v1/statistics/contentfiledownload/export?${RANGE}`);
      const parsed = Papa.parse<string[]>(res.body, { skipEmptyLines: true });
      const unitCells = parsed.data.slice(1).map((r) => r[4]);
      expect(unitCells).toContain(`'${formula}`);
      expect(unitCells.some((u) => u?.startsWith('='))).toBe(false);
    } finally {
      await ctx.database.db
        .update(organization)
        .set({ name: 'State Cyber Agency' })
        .where(eq(organization.id, units.agency));
    }
  });
});

describe('refusals (authorization)', () => {
  const urls = [
    '/api/v1/statistics/metrics',
    `/api/v1/statistics/contentfiledownload/downloads/buckets?${RANGE}`,
    `/api/v1/statistics/contentfiledownload/raw?${RANGE}`,
    `/api/v1/statistics/contentfiledownload/export?${RANGE}`,
  ];
  it.each(urls)(
    '%s: 401 signed out, 403 for faculty and students, 200 for editors and admins',
    async (url) => {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, 'faculty')).statusCode).toBe(403);
      expect((await get(url, 'student')).statusCode).toBe(403);
      expect((await get(url, 'contenteditor')).statusCode).toBe(200);
      expect((await get(url, 'admin')).statusCode).toBe(200);
    },
  );
});

describe('the rollups', () => {
  it('equal a recount after downloads through the file route and after a deleted item', async () => {
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${tree.fileId}/download-url?from=${tree.lab}`,
      headers: await bearer(ctx.app, accounts.faculty),
    });
    const file = await ctx.app.inject({ method: 'GET', url: link.json().publicUrl });
    expect(file.statusCode).toBe(200);
    const before = await rollupsAndRecount(ctx.database.db);
    expect(before.stored).toEqual(before.recount);
    expect(before.stored.length).toBeGreaterThan(0);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/content/${tree.course}`,
      headers: await bearer(ctx.app, accounts.contenteditor),
    });
    expect(deleted.statusCode).toBe(200);
    const after = await rollupsAndRecount(ctx.database.db);
    expect(after.stored).toEqual(after.recount);
    // The deleted course's downloads still count, under the name it had.
    const top = (
      await get(`/api/v1/statistics/contentfiledownload/topmostcontent/buckets?${RANGE}&view=k12`)
    ).json();
    expect(top.items[0].label).toBe('Network Security Course');
  });

  it('equal a recount after a restart of the server on the same database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stats-restart-'));
    const server = process.env.DATABASE_URL
      ? await createServerDatabase(process.env.DATABASE_URL)
      : undefined;
    const config = loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: server?.url ?? '',
    } as NodeJS.ProcessEnv);
    const start = async () => {
      const database = await openDatabase({ url: server?.url, dir: path.join(dataDir, 'db') });
      await migrate(database);
      const fileStore = createLocalFileStore(path.join(dataDir, 'files'));
      const app = await buildApp({ config, database, fileStore, logger: false });
      await app.ready();
      return { database, fileStore, app };
    };
    try {
      let run = await start();
      const ids = await createAccounts(run.database.db);
      const own = await createTree(run.database.db, run.fileStore);
      const [unit] = await run.database.db
        .insert(organization)
        .values({ name: 'Restart University', category: 'university', region: 'Ohio' })
        .returning({ id: organization.id });
      await run.database.db
        .update(account)
        .set({ organizationId: unit!.id })
        .where(eq(account.id, ids.faculty));
      const download = async () => {
        const link = await run.app.inject({
          method: 'GET',
          url: `/api/v1/files/${own.fileId}/download-url?from=${own.lab}`,
          headers: await bearer(run.app, ids.faculty),
        });
        expect((await run.app.inject({ method: 'GET', url: link.json().publicUrl })).statusCode).toBe(200);
      };
      await download();
      await download();
      await run.app.close();
      await run.database.close();
      run = await start();
      await download();
      const { stored, recount } = await rollupsAndRecount(run.database.db);
      expect(stored).toEqual(recount);
      const [unitRow] = await rows<{ n: number }>(
        run.database.db,
        sql`SELECT sum(downloads)::int AS n FROM download_day_unit`,
      );
      expect(unitRow!.n).toBe(3);
      await run.app.close();
      await run.database.close();
    } finally {
      await server?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
