/**
 * Search by NICE work role (issue 25) against a real database: only items aligned to the role's TKS,
 * ranked by specificity (sum of ln(roles / roles of the statement)), each with its coverage, paged,
 * visibility by status kept, bad roles refused; and the list of work roles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { SearchContentResponseSchema } from '@portal/shared/schemas/courseware';
import { WorkRoleListSchema } from '@portal/shared/schemas/work-roles';
import { contentKnowledge } from '../../db/schema/courseware.js';
import { knowledgeItem, workRole, workRoleCategory, workRoleStatement } from '../../db/schema/knowledge.js';
import { bearer } from '../../testing/fixtures.js';
import { useTestApp } from '../../testing/use-test-app.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const get = async (url: string, role?: Role) =>
  ctx.app.inject({ method: 'GET', url, headers: role ? await bearer(ctx.app, accounts[role]) : {} });
const search = async (query: string, role?: Role) => {
  const res = await get(`/api/v1/content/search?${query}`, role);
  expect(res.statusCode, res.body).toBe(200);
  return SearchContentResponseSchema.parse(res.json());
};

beforeAll(async () => {
  // Two roles. PD-WRL-007 (fixture: T0001) gets T0002 and T0003; OG-WRL-001 has T0001 and T0002.
  // Roles per statement: T0001 2, T0002 2, T0003 1, so only T0003 weighs (ln 2) for PD-WRL-007.
  const db = ctx.database.db;
  await db.insert(knowledgeItem).values([
    { id: 'tks-T0002', code: 'T0002', name: 'Assess vulnerabilities', type: 'TKS' },
    { id: 'tks-T0003', code: 'T0003', name: 'Perform penetration testing', type: 'TKS' },
  ]);
  await db.insert(workRoleCategory).values({ id: 'OG', name: 'Oversight and Governance' });
  await db.insert(workRole).values({ id: 'OG-WRL-001', name: 'Communications Security', categoryId: 'OG' });
  await db.insert(workRoleStatement).values([
    { workRoleId: 'PD-WRL-007', knowledgeId: 'tks-T0002' },
    { workRoleId: 'PD-WRL-007', knowledgeId: 'tks-T0003' },
    { workRoleId: 'OG-WRL-001', knowledgeId: 'tks-T0001' },
    { workRoleId: 'OG-WRL-001', knowledgeId: 'tks-T0002' },
  ]);
  await db.insert(contentKnowledge).values([
    { contentId: tree.course, knowledgeId: 'tks-T0003', index: 0 },
    { contentId: tree.module, knowledgeId: 'tks-T0001', index: 0 },
    { contentId: tree.module, knowledgeId: 'tks-T0002', index: 1 },
    { contentId: tree.hidden, knowledgeId: 'tks-T0003', index: 0 },
  ]);
});

describe('GET /api/v1/content/search?workRole=', () => {
  it('finds the published items aligned to the role, most specific first, each with its coverage', async () => {
    const res = await search('workRole=PD-WRL-007');
    expect(res.items.map((i) => [i.name, i.workRoleCoverage])).toEqual([
      // T0003 alone weighs ln 2; T0001 and T0002 are shared by both roles and weigh 0, then name order.
      ['Network Security Course', { matched: 1, total: 3 }],
      ['Cross-Site Scripting Lab', { matched: 1, total: 3 }],
      ['Packet Analysis', { matched: 2, total: 3 }],
    ]);
    expect(res.total).toBe(3);
    const og = await search('workRole=OG-WRL-001');
    expect(og.items.map((i) => [i.name, i.workRoleCoverage])).toEqual([
      ['Cross-Site Scripting Lab', { matched: 1, total: 2 }],
      ['Packet Analysis', { matched: 2, total: 2 }],
    ]);
  });

  it('shows editors the unpublished items aligned to the role too', async () => {
    const res = await search('workRole=PD-WRL-007', 'contenteditor');
    expect(res.items.map((i) => i.id)).toContain(tree.hidden);
    expect((await search('workRole=PD-WRL-007')).items.map((i) => i.id)).not.toContain(tree.hidden);
  });

  it('pages by nextPageToken in rank order without repeats', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search(
        `workRole=PD-WRL-007&limit=1${token ? `&nextPageToken=${encodeURIComponent(token)}` : ''}`,
      );
      seen.push(...page.items.map((i) => i.name));
      token = page.nextPageToken;
    } while (token);
    expect(seen).toEqual(['Network Security Course', 'Cross-Site Scripting Lab', 'Packet Analysis']);
  });

  it('combines with text and other filters, and reports coverage there too', async () => {
    const res = await search('workRole=PD-WRL-007&q=packet');
    expect(res.items.map((i) => [i.name, i.workRoleCoverage])).toEqual([
      ['Packet Analysis', { matched: 2, total: 3 }],
    ]);
    const labs = await search('workRole=PD-WRL-007&contentCategories=exercise');
    expect(labs.items.map((i) => i.name)).toEqual(['Cross-Site Scripting Lab']);
  });

  it('refuses a malformed or unknown work role with 400 naming the field', async () => {
    for (const role of ['PD-WRL-7', 'x', 'PD-WRL-999']) {
      const res = await get(`/api/v1/content/search?workRole=${role}`);
      expect(res.statusCode, role).toBe(400);
      expect(JSON.stringify(res.json()), role).toContain('workRole');
    }
  });
});

describe('GET /api/v1/work-roles', () => {
  it('lists every work role with its category and number of TKS statements, to anyone', async () => {
    const res = await get('/api/v1/work-roles');
    expect(res.statusCode).toBe(200);
    expect(WorkRoleListSchema.parse(res.json()).items).toEqual([
      {
        id: 'OG-WRL-001',
        name: 'Communications Security',
        description: '',
        categoryId: 'OG',
        categoryName: 'Oversight and Governance',
        statementCount: 2,
      },
      {
        id: 'PD-WRL-007',
        name: 'Vulnerability Analysis',
        description: '',
        categoryId: 'PD',
        categoryName: 'Protection and Defense',
        statementCount: 3,
      },
    ]);
  });
});
