/**
 * The coverage matrix (issue 25) against a real database: counts with ancestors, covered share, gaps
 * most specific first, the editors' unpublished column, and the CSV export with formula escaping.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { CoverageGapPageSchema, CoverageMatrixSchema } from '@portal/shared/schemas/coverage';
import { content, contentKnowledge } from '../../db/schema/courseware.js';
import { knowledgeItem, workRole, workRoleCategory, workRoleStatement } from '../../db/schema/knowledge.js';
import { eq } from 'drizzle-orm';
import { bearer } from '../../testing/fixtures.js';
import { useTestApp } from '../../testing/use-test-app.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const get = async (url: string, role?: Role) =>
  ctx.app.inject({ method: 'GET', url, headers: role ? await bearer(ctx.app, accounts[role]) : {} });
const matrix = async (role?: Role) => {
  const res = await get('/api/v1/coverage', role);
  expect(res.statusCode, res.body).toBe(200);
  return CoverageMatrixSchema.parse(res.json()).rows;
};

beforeAll(async () => {
  // Fixture: the published lab is aligned to tks-T0001 (of PD-WRL-007) and cybok-WAM.
  const db = ctx.database.db;
  await db.insert(knowledgeItem).values([
    { id: 'tks-T0002', code: 'T0002', name: 'Assess vulnerabilities', type: 'TKS' },
    { id: 'tks-T0003', code: 'T0003', name: '=HYPERLINK("x") penetration testing', type: 'TKS' },
  ]);
  await db.insert(workRoleCategory).values({ id: 'OG', name: 'Oversight and Governance' });
  await db.insert(workRole).values({ id: 'OG-WRL-001', name: 'Communications Security', categoryId: 'OG' });
  await db.insert(workRoleStatement).values([
    { workRoleId: 'PD-WRL-007', knowledgeId: 'tks-T0002' },
    { workRoleId: 'PD-WRL-007', knowledgeId: 'tks-T0003' },
    { workRoleId: 'OG-WRL-001', knowledgeId: 'tks-T0002' },
  ]);
  // The unpublished lab: its alignments count only in the editors' column.
  await db.insert(contentKnowledge).values([
    { contentId: tree.hidden, knowledgeId: 'ku-BCY', index: 0 },
    { contentId: tree.hidden, knowledgeId: 'tks-T0003', index: 0 },
  ]);
});

describe('GET /api/v1/coverage', () => {
  it('gives every work role by category, then KUs and CyBOK areas, counting a lab for its module and course', async () => {
    const rows = await matrix();
    expect(rows.map((r) => [r.kind, r.code])).toEqual([
      ['workRole', 'OG-WRL-001'],
      ['workRole', 'PD-WRL-007'],
      ['KU', 'BCY'],
      ['CYBOK', 'SS'],
      ['CYBOK', 'WAM'],
    ]);
    const pd = rows.find((r) => r.id === 'PD-WRL-007')!;
    expect(pd).toMatchObject({
      name: 'Vulnerability Analysis',
      group: 'Protection and Defense',
      publishedItems: 3,
      unpublishedItems: null,
      statements: 3,
      covered: 1,
      gapCount: 2,
    });
    // Most specific first: T0003 is in one role, T0002 in two.
    expect(pd.gaps.map((g) => [g.code, g.roles])).toEqual([
      ['T0003', 1],
      ['T0002', 2],
    ]);
    expect(rows.find((r) => r.id === 'OG-WRL-001')).toMatchObject({
      publishedItems: 0,
      covered: 0,
      gapCount: 1,
    });
    expect(rows.find((r) => r.id === 'cybok-WAM')).toMatchObject({
      publishedItems: 3,
      covered: 1,
      gapCount: 0,
    });
    expect(rows.find((r) => r.id === 'ku-BCY')).toMatchObject({ publishedItems: 0, covered: 0, gapCount: 1 });
  });

  it('gives editors the unpublished items in their own column, the public counts unchanged', async () => {
    const rows = await matrix('contenteditor');
    expect(rows.find((r) => r.id === 'ku-BCY')).toMatchObject({ publishedItems: 0, unpublishedItems: 3 });
    expect(rows.find((r) => r.id === 'PD-WRL-007')).toMatchObject({
      publishedItems: 3,
      unpublishedItems: 3,
      covered: 1,
    });
    expect((await matrix('faculty')).every((r) => r.unpublishedItems === null)).toBe(true);
  });

  it('leaves archived items out', async () => {
    await ctx.database.db.update(content).set({ status: 'archived' }).where(eq(content.id, tree.lab));
    try {
      expect((await matrix()).find((r) => r.id === 'cybok-WAM')).toMatchObject({
        publishedItems: 0,
        covered: 0,
      });
    } finally {
      await ctx.database.db.update(content).set({ status: 'published' }).where(eq(content.id, tree.lab));
    }
  });
});

describe('GET /api/v1/coverage/export', () => {
  it('is a CSV of the matrix (cells through csvLines), and the unpublished column for editors', async () => {
    const res = await get('/api/v1/coverage/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="coverage.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'framework,group,code,name,published items,statements,covered,covered %,gaps,most specific gaps',
    );
    expect(lines).toContain(
      'NICE work role,Protection and Defense,PD-WRL-007,Vulnerability Analysis,3,3,1,33,2,T0003 T0002',
    );
    expect(lines).toContain('CyBOK knowledge area,,WAM,Web & Mobile Security,3,1,1,100,0,');
    const editor = await get('/api/v1/coverage/export', 'contenteditor');
    expect(editor.body.split('\r\n')[0]).toContain('published items,unpublished items,');
  });
});

describe('GET /api/v1/coverage/work-roles/{id}/gaps', () => {
  it('pages through a role’s uncovered statements, most specific first, for anyone', async () => {
    const first = await get('/api/v1/coverage/work-roles/PD-WRL-007/gaps?size=1');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = CoverageGapPageSchema.parse(first.json());
    // T0003 is only PD-WRL-007's (and covered only by an unpublished item); T0002 is two roles'.
    expect(page1.items.map((g) => [g.code, g.roles])).toEqual([['T0003', 1]]);
    expect(page1.nextPageToken).not.toBeNull();
    const second = await get(
      `/api/v1/coverage/work-roles/PD-WRL-007/gaps?size=1&nextPageToken=${page1.nextPageToken}`,
    );
    const page2 = CoverageGapPageSchema.parse(second.json());
    expect(page2.items.map((g) => [g.code, g.roles])).toEqual([['T0002', 2]]);
    expect(page2.nextPageToken).toBeNull();
  });

  it('answers 404 for an unknown role and 400 for a bad id, size or token', async () => {
    expect((await get('/api/v1/coverage/work-roles/PD-WRL-999/gaps')).statusCode).toBe(404);
    expect((await get('/api/v1/coverage/work-roles/not-a-role/gaps')).statusCode).toBe(400);
    expect((await get('/api/v1/coverage/work-roles/PD-WRL-007/gaps?size=1000')).statusCode).toBe(400);
    expect((await get('/api/v1/coverage/work-roles/PD-WRL-007/gaps?nextPageToken=abc')).statusCode).toBe(400);
  });
});
