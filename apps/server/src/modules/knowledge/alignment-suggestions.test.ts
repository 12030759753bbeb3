/**
 * Suggested alignments for curators (issue 25) against a real database: statements found by the item's
 * words (lead-ins dropped, stems matched, the words named), CyBOK areas voted for by similar aligned
 * items, nothing the item has or a curator rejected, decisions recorded and replaced, and the errors of
 * bad requests. Who may call the routes is the authorization matrix's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import {
  AlignmentDecisionSchema,
  AlignmentSuggestionListSchema,
} from '@portal/shared/schemas/alignment-suggestions';
import { ContentSchema, toUpdateRequest } from '@portal/shared/schemas/courseware';
import { content, contentSection } from '../../db/schema/courseware.js';
import { knowledgeItem, alignmentDecision } from '../../db/schema/knowledge.js';
import { htmlToText } from '../../lib/html.js';
import { bearer } from '../../testing/fixtures.js';
import { useTestApp } from '../../testing/use-test-app.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

let sqlLab: string;
let xssLab: string;
let blank: string;

const call = async (method: 'GET' | 'POST', url: string, body?: unknown, role: Role = 'contenteditor') =>
  ctx.app.inject({ method, url, payload: body as object, headers: await bearer(ctx.app, accounts[role]) });
const suggestions = async (id: string, query = '') => {
  const res = await call('GET', `/api/v1/content/${id}/alignment-suggestions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AlignmentSuggestionListSchema.parse(res.json()).items;
};
const decide = (id: string, body: unknown) => call('POST', `/api/v1/content/${id}/alignment-decisions`, body);

async function newItem(name: string, description: string, keywords: string[] = []): Promise<string> {
  const html = `<p>${description}</p>`;
  const [row] = await ctx.database.db
    .insert(content)
    .values({
      name,
      urlAlias: `suggestions/${name.toLowerCase().replaceAll(' ', '-')}`,
      status: 'unpublished',
      categories: ['exercise'],
      keywords,
      description: html,
      descriptionText: htmlToText(html),
      parentId: tree.module,
      rootId: tree.course,
    })
    .returning({ id: content.id });
  return row!.id;
}

beforeAll(async () => {
  // Fixture: the published "Cross-Site Scripting Lab" (keywords xss, javascript injection) is aligned to
  // tks-T0001 and cybok-WAM.
  const db = ctx.database.db;
  await db.insert(knowledgeItem).values([
    { id: 'tks-K0100', code: 'K0100', name: 'Knowledge of SQL injection attacks', type: 'TKS' },
    { id: 'tks-S0100', code: 'S0100', name: 'Skill in writing database queries', type: 'TKS' },
    { id: 'tks-T0100', code: 'T0100', name: 'Configure firewall rules for perimeter networks', type: 'TKS' },
    { id: 'ku-BNW', code: 'BNW', name: 'Basic Networking', type: 'KU' },
  ]);
  sqlLab = await newItem(
    'SQL Injection Lab',
    'Exploit SQL injection in a login form, then write parameterised database queries that stop the attacks.',
    ['sqli'],
  );
  await db.insert(contentSection).values({
    contentId: sqlLab,
    name: 'Learning objectives',
    description: '<ul><li>Explain how injection attacks reach the database.</li></ul>',
  });
  xssLab = await newItem(
    'Stored XSS Lab',
    'Stored cross-site scripting: inject JavaScript into a guest book and steal a session cookie.',
    ['xss'],
  );
  blank = await newItem('Zyxwv', 'Qwrtp.');
});

describe('GET /api/v1/content/{id}/alignment-suggestions', () => {
  it('suggests the statements that share the item’s words, naming the words, lead-ins left out', async () => {
    const items = await suggestions(sqlLab);
    const statements = items.filter((s) => s.type === 'TKS').map((s) => s.knowledgeId);
    expect(statements[0]).toBe('tks-K0100');
    expect(statements).toContain('tks-S0100');
    expect(statements).not.toContain('tks-T0100');
    const first = items.find((s) => s.knowledgeId === 'tks-K0100')!;
    expect(first).toMatchObject({ type: 'TKS', code: 'K0100', name: 'Knowledge of SQL injection attacks' });
    // "injection" and "attacks" come from the description and the learning objectives; stems matched.
    expect(first.matchedWords).toEqual(expect.arrayContaining(['sql', 'injection', 'attacks']));
    expect(first.matchedWords).not.toContain('knowledge');
    expect(first.textScore).toBe(1);
    expect(first.score).toBeGreaterThan(0);
    // Best first.
    expect(items.map((s) => s.score)).toEqual([...items.map((s) => s.score)].sort((a, b) => b - a));
  });

  it('lets similar aligned items vote: a stored XSS lab gets the CyBOK area of the reflected one', async () => {
    const items = await suggestions(xssLab);
    const wam = items.find((s) => s.knowledgeId === 'cybok-WAM');
    expect(wam).toMatchObject({ type: 'CYBOK', name: 'Web & Mobile Security' });
    expect(wam!.neighbourScore).toBeGreaterThan(0);
    expect(wam!.neighbours).toEqual(['Cross-Site Scripting Lab']);
  });

  it('offers only one kind when asked, and never what the item already has', async () => {
    const cybok = await suggestions(xssLab, '?type=CYBOK');
    expect(cybok.length).toBeGreaterThan(0);
    expect(cybok.every((s) => s.type === 'CYBOK')).toBe(true);
    const own = (await suggestions(tree.lab)).map((s) => s.knowledgeId);
    expect(own).not.toContain('tks-T0001');
    expect(own).not.toContain('cybok-WAM');
  });

  it('gives an empty list for an item that shares no word with any statement or aligned item', async () => {
    expect(await suggestions(blank)).toEqual([]);
  });

  it('answers 404 for an unknown item and 400 for an unknown kind of knowledge', async () => {
    const missing = await call('GET', `/api/v1/content/${crypto.randomUUID()}/alignment-suggestions`);
    expect(missing.statusCode).toBe(404);
    const badType = await call('GET', `/api/v1/content/${sqlLab}/alignment-suggestions?type=NICE`);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().details.issues[0].field).toBe('querystring.type');
  });
});

describe('POST /api/v1/content/{id}/alignment-decisions', () => {
  it('records a rejection, after which the statement is not suggested for the item again', async () => {
    const before = await suggestions(sqlLab);
    const rank = before.findIndex((s) => s.knowledgeId === 'tks-S0100') + 1;
    expect(rank).toBeGreaterThan(0);
    const res = await decide(sqlLab, { knowledgeId: 'tks-S0100', decision: 'rejected', score: 0.4, rank });
    expect(res.statusCode, res.body).toBe(200);
    expect(AlignmentDecisionSchema.parse(res.json())).toMatchObject({
      contentId: sqlLab,
      knowledgeId: 'tks-S0100',
      decision: 'rejected',
      score: 0.4,
      rank,
    });
    expect((await suggestions(sqlLab)).map((s) => s.knowledgeId)).not.toContain('tks-S0100');
  });

  it('keeps one decision per item and statement: a later accept replaces the reject, with its curator', async () => {
    await decide(sqlLab, { knowledgeId: 'tks-K0100', decision: 'rejected', score: 0.9, rank: 1 });
    const res = await decide(sqlLab, { knowledgeId: 'tks-K0100', decision: 'accepted', score: 0.9, rank: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await ctx.database.db.select().from(alignmentDecision)).filter(
      (r) => r.contentId === sqlLab && r.knowledgeId === 'tks-K0100',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ decision: 'accepted', decidedBy: accounts.contenteditor });
    // Accepted, not yet saved on the item: still offered until the curator's save adds it.
    expect((await suggestions(sqlLab)).map((s) => s.knowledgeId)).toContain('tks-K0100');
  });

  it('once the curator saves the accepted statement, the item shows it and it is no longer suggested', async () => {
    const headers = await bearer(ctx.app, accounts.contenteditor);
    const current = ContentSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/content/${sqlLab}`, headers })).json(),
    );
    expect(current.tkss.map((k) => k.id)).not.toContain('tks-K0100');
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/content/${sqlLab}`,
      headers,
      payload: { ...toUpdateRequest(current), tksIds: ['tks-K0100'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = ContentSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/content/${sqlLab}`, headers })).json(),
    );
    expect(after.tkss.map((k) => [k.id, k.name])).toEqual([
      ['tks-K0100', 'Knowledge of SQL injection attacks'],
    ]);
    expect((await suggestions(sqlLab)).map((s) => s.knowledgeId)).not.toContain('tks-K0100');
  });

  it('refuses a bad body field by field and an unknown item or statement with 404, recording nothing', async () => {
    const count = async () => (await ctx.database.db.select().from(alignmentDecision)).length;
    const before = await count();
    const bad = await decide(sqlLab, { knowledgeId: 'nice-1', decision: 'maybe', score: 2, rank: 0 });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().details.issues as { field: string }[]).map((i) => i.field).sort()).toEqual([
      'body.decision',
      'body.knowledgeId',
      'body.rank',
      'body.score',
    ]);
    const unknownStatement = await decide(sqlLab, {
      knowledgeId: 'tks-T9999',
      decision: 'accepted',
      score: 0.5,
      rank: 1,
    });
    expect(unknownStatement.statusCode).toBe(404);
    expect(unknownStatement.json().message).toBe('This TKS, KSA, KU or CyBOK area does not exist.');
    const unknownItem = await decide(crypto.randomUUID(), {
      knowledgeId: 'tks-K0100',
      decision: 'accepted',
      score: 0.5,
      rank: 1,
    });
    expect(unknownItem.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('is refused to faculty before the body is read', async () => {
    const res = await call(
      'POST',
      `/api/v1/content/${sqlLab}/alignment-decisions`,
      { knowledgeId: 'tks-K0100', decision: 'accepted', score: 0.5, rank: 1 },
      'faculty',
    );
    expect(res.statusCode).toBe(403);
  });
});
