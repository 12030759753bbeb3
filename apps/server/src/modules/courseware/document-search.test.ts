/**
 * Search on the real demo data (issue: search that finds what faculty mean): words found only in an
 * item's documents, why a result matched and who sees the snippet, partial matches and their paging,
 * acronyms learned and curated, no stale text after a file is replaced, and items under a hidden
 * ancestor kept out of search, facets and the spelling correction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { CURATED_ACRONYMS } from '@portal/shared/acronyms';
import { SearchContentResponseSchema, type SearchContentResponse } from '@portal/shared/schemas/courseware';
import type { Role } from '@portal/shared/enums';
import { content } from '../../db/schema/courseware.js';
import { rows } from '../../db/rows.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { drainJobs } from '../../testing/wait.js';
import { bearer, createAccounts } from '../../testing/fixtures.js';
import { multipart } from '../../testing/multipart.js';
import { seedDemo } from '../seed/seed.service.js';
import { refreshSearchIndex } from './courseware.service.js';

let ctx: TestContext;
let accounts: Record<Role, string>;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_WORKER: 'false' });
  await seedDemo({ db: ctx.database.db, config: ctx.config, fileStore: ctx.fileStore });
  accounts = await createAccounts(ctx.database.db);
  await drainJobs(ctx);
}, 600_000);
afterAll(async () => ctx?.close());

async function search(query: Record<string, string>, role?: Role): Promise<SearchContentResponse> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/content/search?${new URLSearchParams(query)}`,
    headers: role ? await bearer(ctx.app, accounts[role]) : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return SearchContentResponseSchema.parse(res.json());
}
const names = (r: SearchContentResponse) => r.items.map((i) => i.name);

describe('words found only in documents', () => {
  it('finds the Spectre lab by its handout, names the file and shows faculty a highlighted snippet', async () => {
    const found = await search({ q: 'speculative execution' }, 'faculty');
    const lab = found.items.find((i) => i.name === 'Spectre Attack Lab');
    expect(lab, names(found).join(', ')).toBeDefined();
    expect(lab!.documentMatch?.fileName).toMatch(/Spectre Attack Lab/);
    const snippet = lab!.documentMatch?.snippet ?? [];
    const marked = snippet.filter((p) => p.isMatch).map((p) => p.text.toLowerCase());
    expect(marked.some((w) => w.startsWith('speculat') || w.startsWith('execut'))).toBe(true);
    expect(snippet.map((p) => p.text).join('').length).toBeGreaterThan(40);
  });

  it('shows a visitor and a student that it matched in its documents, never their text', async () => {
    for (const role of [undefined, 'student'] as const) {
      const lab = (await search({ q: 'speculative execution' }, role)).items.find(
        (i) => i.name === 'Spectre Attack Lab',
      );
      expect(lab?.documentMatch?.fileName).toMatch(/Spectre Attack Lab/);
      expect(lab?.documentMatch?.snippet).toBeNull();
    }
  });

  it('ranks a match in the name or description above a match only in a document', async () => {
    const found = await search({ q: 'spectre' });
    expect(found.items[0]?.name).toBe('Spectre Attack Lab');
    expect(found.items[0]?.documentMatch).toBeNull();
  });
});

describe('no dead end', () => {
  const query = { q: 'shared responsibility quokkaberry' };

  it('shows the items with most of the words, most words first, under the notice', async () => {
    const found = await search(query);
    expect(found.isPartialMatch).toBe(true);
    expect(MESSAGES.partialMatch).toBe('No item has all of your words. Showing items with some of them.');
    expect(found.items[0]?.name).toBe('Shared responsibility model');
    // Items with both known words come before items with one of them.
    const both = await search({ q: 'shared responsibility', limit: '100' });
    const bothIds = new Set(both.items.map((i) => i.id));
    const all = await search({ ...query, limit: '100' });
    const firstWithOne = all.items.findIndex((i) => !bothIds.has(i.id));
    expect(firstWithOne).toBeGreaterThanOrEqual(both.total);
    expect(all.items.slice(firstWithOne).every((i) => !bothIds.has(i.id))).toBe(true);
  });

  it('pages a partial match into the same items as one page', async () => {
    const whole = await search({ ...query, limit: '100' });
    expect(whole.nextPageToken).toBeNull();
    const paged: string[] = [];
    let token: string | null = null;
    do {
      const page: SearchContentResponse = await search({
        ...query,
        limit: '7',
        ...(token ? { nextPageToken: token } : {}),
      });
      expect(page.isPartialMatch).toBe(true);
      paged.push(...page.items.map((i) => i.id));
      token = page.nextPageToken;
    } while (token);
    expect(paged).toEqual(whole.items.map((i) => i.id));
  });

  it('keeps stop words out and still corrects a misspelt word', async () => {
    const withStop = await search({ q: 'the spectre attack' });
    expect(withStop.isPartialMatch).toBe(false);
    expect(names(withStop)).toContain('Spectre Attack Lab');
    const misspelt = await search({ q: 'spectrre' });
    expect(misspelt.correctedQuery).toBe('spectre');
    expect(names(misspelt)).toContain('Spectre Attack Lab');
  });
});

describe('acronyms', () => {
  it('learns "Damn Vulnerable Web App (DVWA)" from the catalogue and searches both ways', async () => {
    expect(CURATED_ACRONYMS.some((a) => a.acronym === 'dvwa')).toBe(false);
    const byAcronym = await search({ q: 'dvwa' });
    expect(byAcronym.alsoSearchedFor).toContain('damn vulnerable web app');
    const byExpansion = await search({ q: 'damn vulnerable web app' });
    expect(byExpansion.alsoSearchedFor).toEqual(['DVWA']);
    expect(byExpansion.total).toBeGreaterThan(0);
  });

  it('finds "IAM key concepts" for "identity and access management" from the curated list, and back', async () => {
    const learned = await rows(ctx.database.db, sql`SELECT 1 FROM search_acronym WHERE acronym = 'iam'`);
    expect(learned).toEqual([]);
    const byExpansion = await search({ q: 'identity and access management' });
    expect(byExpansion.alsoSearchedFor).toEqual(['IAM']);
    expect(names(byExpansion)).toContain('IAM key concepts');
    const byAcronym = await search({ q: 'IAM' });
    expect(byAcronym.alsoSearchedFor).toEqual(['identity and access management']);
    expect(names(byAcronym)).toContain('Identity & access management fundamentals');
  });
});

describe('a replaced file', () => {
  it('leaves none of its words searchable', async () => {
    const [lab] = await rows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id FROM content WHERE name = 'Spectre Attack Lab'`,
    );
    const curator = await bearer(ctx.app, accounts.contenteditor);
    const upload = async (text: string) => {
      const body = multipart(
        {
          type: 'text/plain',
          name: 'Field notes',
          visibility: 'private',
          metadataType: 'content',
          metadataId: lab!.id,
        },
        { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from(text) },
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/files',
        payload: body.payload,
        headers: { ...body.headers, ...curator },
      });
      expect(res.statusCode, res.body).toBe(201);
      await drainJobs(ctx);
      return (res.json() as { id: string }).id;
    };
    const first = await upload('Notes on the zygodactyl foot of parrots, a branch predictor of sorts.');
    const found = await search({ q: 'zygodactyl' }, 'faculty');
    expect(found.items.map((i) => [i.name, i.documentMatch?.fileName])).toEqual([
      ['Spectre Attack Lab', 'Field notes'],
    ]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${first}`,
      headers: curator,
    });
    expect(removed.statusCode).toBe(204);
    await upload('Notes on the xenarthran armour of armadillos.');
    expect((await search({ q: 'zygodactyl' }, 'faculty')).total).toBe(0);
    expect(names(await search({ q: 'xenarthran' }, 'faculty'))).toEqual(['Spectre Attack Lab']);
  });
});

describe('items under a hidden ancestor', () => {
  it('are absent from search, facets and the spelling correction for those who may not see it', async () => {
    const before = await search({ contentCategories: 'lesson' }, 'faculty');
    const [course] = await ctx.database.db
      .insert(content)
      .values({
        name: 'Obsidian Quarantine Course',
        urlAlias: 'obsidian-quarantine-course',
        status: 'unpublished',
        categories: ['course'],
      })
      .returning({ id: content.id });
    await ctx.database.db.insert(content).values({
      name: 'Vermilion Basilisk Lesson',
      urlAlias: 'obsidian-quarantine-course/vermilion-basilisk-lesson',
      status: 'published',
      categories: ['lesson'],
      parentId: course!.id,
      rootId: course!.id,
    });
    await refreshSearchIndex(ctx.database.db);

    for (const role of [undefined, 'student', 'faculty'] as const) {
      expect((await search({ q: 'basilisk' }, role)).total).toBe(0);
      // The closest visible words may stand in ("basic"), never the hidden lesson's own word.
      const misspelt = await search({ q: 'basilsik', limit: '100' }, role);
      expect(misspelt.correctedQuery ?? '').not.toContain('basilisk');
      expect(names(misspelt)).not.toContain('Vermilion Basilisk Lesson');
    }
    const after = await search({ contentCategories: 'lesson' }, 'faculty');
    expect(after.total).toBe(before.total);
    expect(after.facets.contentCategories.lesson).toBe(before.facets.contentCategories.lesson);

    const editor = await search({ q: 'basilsik' }, 'contenteditor');
    expect(editor.correctedQuery).toBe('basilisk');
    expect(editor.items.map((i) => [i.name, i.courseName])).toContainEqual([
      'Vermilion Basilisk Lesson',
      'Obsidian Quarantine Course',
    ]);

    // Publishing the course lists the lesson for everyone again (the status passes down).
    await ctx.database.db.execute(
      sql`UPDATE content SET status = 'published' WHERE id = ${course!.id}::uuid`,
    );
    expect(names(await search({ q: 'basilisk' }, 'faculty'))).toEqual(['Vermilion Basilisk Lesson']);
    await ctx.database.db.execute(sql`UPDATE content SET status = 'archived' WHERE id = ${course!.id}::uuid`);
    expect((await search({ q: 'basilisk' }, 'contenteditor')).total).toBe(0);
  });
});
