/**
 * Walks every operation of the OpenAPI document, calls it as each caller of the authorization matrix
 * with the row's valid sample, and checks the status class (authorization-matrix.ts). A route of the
 * document without a row fails, and so does a row without a route. Then each caller asks for every kind
 * of hidden item and must get 404 unless it may see it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUpdateRequest, ContentSchema } from '@portal/shared/schemas/courseware';
import { content } from '../db/schema/courseware.js';
import { createTestContext, type TestContext } from './test-app.js';
import { PASSWORD, TEST_PKCE, bearer, createAccounts, createTree, storeFile, type Tree } from './fixtures.js';
import { multipart } from './multipart.js';
import { seedDemoNewsAndEvents } from '../modules/news/demo-news.js';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  CALLER_ROLE,
  HIDDEN_CONTENT,
  type Caller,
  type Expected,
  type HiddenKind,
  type MatrixFixtures,
} from './authorization-matrix.js';
import type { Role } from '@portal/shared/enums';

let ctx: TestContext;
let fixtures: MatrixFixtures;
let tree: Tree;
const headers = {} as Record<Caller, Record<string, string>>;
/** Gives every caller a fresh session: some rows end sessions (logout, a change of roles or claims). */
let signInCallers: () => Promise<void>;
const hidden = {} as Record<HiddenKind, { id: string; alias: string; parent: string; imageId?: string }>;

const classOf = (status: number): Expected | number =>
  status >= 200 && status < 300
    ? '2xx'
    : ([401, 403, 404] as number[]).includes(status)
      ? (status as Expected)
      : status;

beforeAll(async () => {
  ctx = await createTestContext();
  const { app, database, fileStore, config } = ctx;
  const accounts = await createAccounts(database.db);
  tree = await createTree(database.db, fileStore);
  await seedDemoNewsAndEvents(database.db);
  let made = 0;
  const newItem = async (values: Partial<typeof content.$inferInsert> = {}) => {
    made += 1;
    const [row] = await database.db
      .insert(content)
      .values({
        name: `Matrix item ${made}`,
        urlAlias: `network-security-course/packet-analysis/matrix-item-${made}`,
        description: '<p>An item made for one call.</p>',
        descriptionText: 'An item made for one call.',
        status: 'published',
        parentId: tree.module,
        rootId: tree.course,
        index: 100 + made,
        ...values,
      })
      .returning({ id: content.id, version: content.version });
    return row!;
  };
  /** A new public image of an item. */
  const newImage = async (contentId: string) =>
    (
      await storeFile(database.db, fileStore, Buffer.from('GIF89a'), {
        name: 'Matrix image',
        filename: 'matrix.gif',
        mimeType: 'image/gif',
        visibility: 'public',
        metadataType: 'content',
        metadataId: contentId,
      })
    ).id;
  fixtures = {
    app,
    tree,
    accounts,
    newItem: () => newItem(),
    newFile: () => newImage(tree.lab),
    signInCode: async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: config.publicBaseUrl },
        payload: {
          email: 'student@test.example.edu',
          password: PASSWORD,
          redirect: '/courseware',
          ...TEST_PKCE.form,
        },
      });
      const code = new URL(String(res.headers.location), config.publicBaseUrl).searchParams.get('s');
      if (!code) throw new Error(`no sign-in code: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return code;
    },
    upload: () =>
      multipart(
        {
          type: 'application/pdf',
          name: 'Matrix handout',
          visibility: 'private',
          metadataType: 'content',
          metadataId: tree.lab,
        },
        {
          filename: 'handout.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.4\n%%EOF\n'),
        },
      ),
    updateBody: async (id) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/content/${id}`, headers: headers.admin });
      return toUpdateRequest(ContentSchema.parse(res.json()));
    },
  };

  signInCallers = async () => {
    for (const caller of CALLERS) {
      if (caller === 'signedOut' || caller === 'impersonating') continue;
      headers[caller] = await bearer(app, accounts[CALLER_ROLE[caller] as Role]);
    }
    headers.signedOut = {};
    const acting = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      headers: headers.admin,
      payload: { accountId: accounts.student },
    });
    expect(acting.statusCode, acting.body).toBe(200);
    headers.impersonating = { authorization: `Bearer ${acting.json().accessToken}` };
  };
  await signInCallers();

  // Hidden items: unpublished and archived (from the tree), and published items under each.
  const under = async (parent: string, name: string) => {
    const row = await newItem({ parentId: parent, name });
    const [{ urlAlias } = { urlAlias: '' }] = await database.db
      .select({ urlAlias: content.urlAlias })
      .from(content)
      .where(eq(content.id, row.id));
    return { id: row.id, alias: urlAlias, parent };
  };
  const aliasOf = async (id: string) =>
    (await database.db.select({ a: content.urlAlias }).from(content).where(eq(content.id, id)))[0]!.a;
  hidden.unpublished = { id: tree.hidden, alias: await aliasOf(tree.hidden), parent: tree.module };
  hidden.archived = { id: tree.archived, alias: await aliasOf(tree.archived), parent: tree.module };
  hidden.underUnpublished = await under(tree.hidden, 'Lesson under a draft');
  hidden.underArchived = await under(tree.archived, 'Lesson under an archive');
  hidden.underArchived.imageId = await newImage(hidden.underArchived.id);
  hidden.underUnpublished.imageId = await newImage(hidden.underUnpublished.id);
});
afterAll(async () => ctx?.close());

describe('the authorization matrix', () => {
  it('has a row for every route of the API document and no row for a route that is gone', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(
      routes.filter((route) => !(route in AUTHORIZATION_MATRIX)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(AUTHORIZATION_MATRIX).filter((route) => !routes.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers every route as each caller as the table says', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [rowIndex, [route, row]] of Object.entries(AUTHORIZATION_MATRIX).entries()) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      // Each row starts from live sessions, whatever the row before it ended (tokens count in ms).
      await new Promise((resolve) => setTimeout(resolve, 2));
      await signInCallers();
      for (const [index, caller] of CALLERS.entries()) {
        if (row.endsSessions && index > 0) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          await signInCallers();
        }
        const sample = await row.sample(fixtures, caller);
        const res = await ctx.app.inject({
          method,
          url: sample.url,
          // A client address per call, so that per-address limits of public forms do not mix the rows.
          remoteAddress: `127.1.${rowIndex}.${index + 1}`,
          headers: { ...headers[caller], ...sample.stream?.headers },
          payload: sample.stream?.payload ?? (sample.body as object | undefined),
        });
        checked += 1;
        const expected = row.expect[index];
        const got = classOf(res.statusCode);
        if (got !== expected)
          failures.push(
            `${route} as ${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
      }
    }
    console.info(
      `authorization matrix: ${Object.keys(AUTHORIZATION_MATRIX).length} routes × ${CALLERS.length} callers = ${checked} calls checked`,
    );
    expect(failures).toEqual([]);
  });

  it('hides every hidden item from each caller that may not see it: by id, alias, files, bundle, as a child and in breadcrumbs', async () => {
    await signInCallers();
    const failures: string[] = [];
    let checked = 0;
    const get = (caller: Caller, url: string, method: 'GET' | 'POST' = 'GET') =>
      ctx.app.inject({ method, url, headers: headers[caller] });
    for (const [kind, item] of Object.entries(hidden) as [HiddenKind, (typeof hidden)[HiddenKind]][]) {
      for (const caller of CALLERS) {
        const mayView = HIDDEN_CONTENT[kind][caller];
        const want = mayView ? 200 : 404;
        const calls: [string, number][] = [
          [`/api/v1/content/${item.id}`, (await get(caller, `/api/v1/content/${item.id}`)).statusCode],
          [
            `/api/v1/content/${encodeURIComponent(item.alias)}`,
            (await get(caller, `/api/v1/content/${encodeURIComponent(item.alias)}`)).statusCode,
          ],
          [
            `/api/v1/content/${item.id}/files`,
            (await get(caller, `/api/v1/content/${item.id}/files`)).statusCode,
          ],
        ];
        if (item.imageId) {
          const url = `/api/v1/files/${item.imageId}/content`;
          calls.push([`${url} (public image)`, (await get(caller, url)).statusCode]);
        }
        for (const [url, status] of calls) {
          checked += 1;
          if (status !== want) failures.push(`${kind} ${url} as ${caller}: expected ${want}, got ${status}`);
        }
        if (!mayView && caller !== 'signedOut') {
          const bundle = await get(caller, `/api/v1/content/${item.id}/bundle`, 'POST');
          checked += 1;
          // Callers without CanViewFiles are refused before visibility is looked at.
          if (![403, 404].includes(bundle.statusCode))
            failures.push(`${kind} bundle as ${caller}: ${bundle.statusCode}`);
        }
        const parent = await get(caller, `/api/v1/content/${item.parent}`);
        if (parent.statusCode === 200) {
          checked += 1;
          const children = (parent.json() as { children: { id: string }[] }).children.map((c) => c.id);
          if (children.includes(item.id) !== mayView)
            failures.push(`${kind} as a child of ${item.parent} for ${caller}: listed ${!mayView}`);
        }
      }
    }
    console.info(
      `hidden content: ${checked} checks over ${Object.keys(hidden).length} kinds × ${CALLERS.length} callers`,
    );
    expect(failures).toEqual([]);
  });
});
