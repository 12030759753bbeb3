/**
 * How the terms of a text query match (000 §2 search; issue: prefix matching): a whole word of the
 * catalogue's vocabulary finds that word and its stem forms, a word cut short finds longer words,
 * and a page token keeps the way its query matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchContentResponseSchema } from '@portal/shared/schemas/courseware';
import { content } from '../../db/schema/courseware.js';
import { htmlToText } from '../../lib/html.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { createTree, type Tree } from '../../testing/fixtures.js';
import { refreshSearchIndex } from './courseware.service.js';

let ctx: TestContext;
let tree: Tree;

beforeAll(async () => {
  ctx = await createTestContext();
  tree = await createTree(ctx.database.db, ctx.fileStore);
  const description = '<p>Find the way out of a maze of rooms.</p>';
  await ctx.database.db.insert(content).values({
    name: 'Labyrinth Walkthrough',
    urlAlias: 'labyrinth-walkthrough',
    status: 'published',
    categories: ['exercise'],
    description,
    descriptionText: htmlToText(description),
  });
  await refreshSearchIndex(ctx.database.db);
});
afterAll(async () => ctx?.close());

const names = async (query: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/content/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return SearchContentResponseSchema.parse(res.json());
};

describe('matching of search terms', () => {
  it('finds a whole catalogue word and its stem forms, not longer words that start with it', async () => {
    const found = (await names('q=lab')).items.map((i) => i.name);
    expect(found).toContain('Cross-Site Scripting Lab');
    expect(found).not.toContain('Labyrinth Walkthrough');
    expect((await names('q=labs')).items.map((i) => i.name)).toContain('Cross-Site Scripting Lab');
  });

  it('finds longer words from a word cut short, in any position of the query', async () => {
    expect((await names('q=labyr')).items.map((i) => i.name)).toEqual(['Labyrinth Walkthrough']);
    expect((await names('q=walkth%20labyrinth')).items.map((i) => i.name)).toEqual(['Labyrinth Walkthrough']);
    expect((await names('q=scripting%20cros')).items[0]?.id).toBe(tree.lab);
  });

  it('keeps the matching of the first page on the next ones', async () => {
    const whole = (await names('q=la&limit=10')).items.map((i) => i.name);
    expect(whole).toEqual(expect.arrayContaining(['Cross-Site Scripting Lab', 'Labyrinth Walkthrough']));
    const paged: string[] = [];
    let token: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof names>> = await names(
        `q=la&limit=1${token ? `&nextPageToken=${token}` : ''}`,
      );
      paged.push(...page.items.map((i) => i.name));
      token = page.nextPageToken;
    } while (token);
    expect(paged).toEqual(whole);
  });
});
