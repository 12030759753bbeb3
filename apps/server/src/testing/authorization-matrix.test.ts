/**
 * Walks every operation of the OpenAPI document, calls it as each caller of the authorization matrix
 * with the row's valid sample, and checks the status class (authorization-matrix.ts). A route of the
 * document without a row fails, and so does a row without a route. Then each caller asks for every kind
 * of hidden item and must get 404 unless it may see it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { toUpdateRequest, ContentSchema } from '@portal/shared/schemas/courseware';
import { content } from '../db/schema/courseware.js';
import { PASSWORD, TEST_PKCE, bearer, storeFile } from './fixtures.js';
import { multipart } from './multipart.js';
import { useTestApp } from './use-test-app.js';
import { compareWithRows, routeTable } from './route-table.js';
import { BODY_MAX_BYTES } from '@portal/shared/limits';
import { seedDemoNewsAndEvents } from '../modules/news/demo-news.js';
import { createPage } from '../modules/pages/pages.service.js';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  OTHERS_RESOURCES,
  CALLER_ROLE,
  HIDDEN_CMS,
  HIDDEN_CONTENT,
  type Caller,
  type Expected,
  type HiddenCmsKind,
  type HiddenKind,
  type MatrixFixtures,
} from './authorization-matrix.js';
import type { Role } from '@portal/shared/enums';

const { ctx, accounts, tree } = useTestApp({ tree: true });
let fixtures: MatrixFixtures;
const headers = {} as Record<Caller, Record<string, string>>;
/** Gives every caller a fresh session: some rows end sessions (logout, a change of roles or claims). */
let signInCallers: () => Promise<void>;
const hidden = {} as Record<HiddenKind, { id: string; alias: string; parent: string; imageId?: string }>;

const classOf = (status: number): Expected | number =>
  status >= 200 && status < 300
    ? '2xx'
    : status >= 300 && status < 400
      ? '3xx'
      : ([400, 401, 403, 404] as number[]).includes(status)
        ? (status as Expected)
        : status;

beforeAll(async () => {
  const { app, database, fileStore, config } = ctx;
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
    origin: config.publicBaseUrl,
    newPrivateFile: async () =>
      (
        await storeFile(database.db, fileStore, Buffer.from('%PDF-1.4\n%%EOF\n'), {
          name: 'Matrix handout',
          filename: 'matrix.pdf',
          mimeType: 'application/pdf',
          visibility: 'private',
          metadataType: 'content',
          metadataId: tree.lab,
        })
      ).id,
    adminHeaders: () => headers.admin,
    facultyHeaders: () => headers.faculty,
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

describe('the authorization matrix', () => {
  it('has a row for every route of the route table, hidden ones included, and no row for a route that is gone', () => {
    const { withoutRow, withoutRoute } = compareWithRows(routeTable(ctx.app), AUTHORIZATION_MATRIX);
    expect(withoutRow, 'routes without a row').toEqual([]);
    expect(withoutRoute, 'rows without a route').toEqual([]);
  });

  it('answers every route as each caller as the table says', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [rowIndex, [route, row]] of Object.entries(AUTHORIZATION_MATRIX).entries()) {
      const method = route.split(' ')[0] as 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
          headers: { ...headers[caller], ...sample.headers, ...sample.stream?.headers },
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

  it('hides every hidden item from each caller that may not see it: by id, alias, files, bundle, cartridge, as a child and in breadcrumbs', async () => {
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
          for (const archive of ['bundle', 'cartridge']) {
            const bundle = await get(caller, `/api/v1/content/${item.id}/${archive}`, 'POST');
            checked += 1;
            // Callers without CanViewFiles are refused before visibility is looked at.
            if (![403, 404].includes(bundle.statusCode))
              failures.push(`${kind} ${archive} as ${caller}: ${bundle.statusCode}`);
          }
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

  it('names for every route with a parameter what another user’s resource gives, and each tried one is refused', async () => {
    await signInCallers();
    const withParameter = routeTable(ctx.app)
      .filter((route) => route.paramNames.length > 0)
      .map((route) => route.key);
    expect(
      withParameter.filter((route) => !(route in OTHERS_RESOURCES)),
      'routes with a parameter and no another-user row',
    ).toEqual([]);
    const keys = routeTable(ctx.app).map((route) => route.key);
    expect(
      Object.keys(OTHERS_RESOURCES).filter((route) => !keys.includes(route)),
      'rows without a route',
    ).toEqual([]);
    const failures: string[] = [];
    let tried = 0;
    for (const [route, row] of Object.entries(OTHERS_RESOURCES)) {
      if ('shared' in row) continue;
      // Granting a claim (a row's set-up) ends the account's sessions: every row starts from live ones.
      await new Promise((resolve) => setTimeout(resolve, 2));
      await signInCallers();
      const sample = await row.sample(fixtures);
      const res = await ctx.app.inject({
        method: route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: sample.url,
        headers: { ...headers[row.caller], ...sample.headers },
        payload: sample.body as object | undefined,
      });
      tried += 1;
      const got = classOf(res.statusCode);
      if (got !== row.expect)
        failures.push(
          `${row.attack} (${route}): expected ${row.expect}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
      const wrong = await row.check?.(fixtures, res.body, sample);
      if (wrong) failures.push(`${row.attack} (${route}): ${wrong}`);
    }
    console.info(
      `another user's resource: ${tried} tried, ${Object.keys(OTHERS_RESOURCES).length - tried} shared`,
    );
    expect(failures).toEqual([]);
  });

  it('refuses every caller without the right before reading the body: a malformed, an invalid and an oversized body and a bad id are 401/403, never 400/413/500', async () => {
    await signInCallers();
    const routes = new Map(routeTable(ctx.app).map((route) => [route.key, route]));
    const oversized = new Map<number, string>();
    const bodyOf = (limit: number) => {
      if (!oversized.has(limit)) oversized.set(limit, `{"x":"${'<'.repeat(limit)}"}`);
      return oversized.get(limit)!;
    };
    const failures: string[] = [];
    let checked = 0;
    for (const [key, row] of Object.entries(AUTHORIZATION_MATRIX)) {
      const route = routes.get(key);
      // Routes anyone may call decide by the resource (a file's own rights), which needs a valid id.
      if (!route || route.access === 'public') continue;
      const [method] = key.split(' ') as ['GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
      const hasBody = !['GET', 'HEAD'].includes(method);
      for (const [index, caller] of CALLERS.entries()) {
        const expected = row.expect[index];
        if (expected !== 401 && expected !== 403) continue;
        const { url } = await row.sample(fixtures, caller);
        const calls: { what: string; url: string; payload?: string }[] = [];
        if (hasBody) {
          calls.push({ what: 'a malformed body', url, payload: '{"name": [' });
          calls.push({
            what: 'an invalid body',
            url,
            payload: JSON.stringify([{ __proto__: { isAdmin: true } }, 1e308, '\u202e']),
          });
          calls.push({ what: 'an oversized body', url, payload: bodyOf(route.bodyLimit ?? BODY_MAX_BYTES) });
        }
        if (route.paramNames.length > 0) {
          // A path parameter that is not even well formed: still the caller's right comes first.
          const template = key.split(' ')[1]!;
          calls.push({ what: 'a bad id', url: template.replace(/\{\w+\}/g, 'not-an-id') });
        }
        for (const call of calls) {
          const res = await ctx.app.inject({
            method,
            url: call.url,
            headers: { ...headers[caller], ...(call.payload ? { 'content-type': 'application/json' } : {}) },
            payload: call.payload,
          });
          checked += 1;
          if (res.statusCode !== expected)
            failures.push(
              `${key} as ${caller} with ${call.what}: expected ${expected}, got ${res.statusCode}`,
            );
        }
      }
    }
    console.info(`bodies before authorization: ${checked} calls checked`);
    expect(failures).toEqual([]);
  });

  it('hides every hidden page, news item and event from each caller that may not see it: by id, link, list, feed, .ics, its files and courseware search', async () => {
    await signInCallers();
    const admin = headers.admin;
    const made = {} as Record<HiddenCmsKind, { id: string; link: string; name: string; fileId?: string }>;
    for (const status of ['unpublished', 'archived'] as const) {
      const page = await createPage(
        ctx.app.db,
        { accountId: null, identity: null },
        {
          title: `Hidden ${status} page`,
          status,
          description: 'Not for everyone.',
          href: `/hidden-${status}-page`,
          parentId: null,
          layoutName: 'handSortedList',
        },
      );
      // A widget image of the page: its file follows the page's status (issue 20 "Untrusted files").
      const image = await storeFile(ctx.database.db, ctx.fileStore, Buffer.from('GIF89a'), {
        name: `Hidden ${status} page image`,
        filename: 'hidden.gif',
        mimeType: 'image/gif',
        visibility: 'public',
        metadataType: 'page',
        metadataId: page.id,
      });
      made[`${status}Page`] = { id: page.id, link: page.href, name: page.title, fileId: image.id };
      const dated = { description: '<p>Not for everyone.</p>', status, date: '2026-12-24T12:00:00Z' };
      for (const [kind, extra] of [
        ['News', {}],
        ['Event', { link: 'https://example.org', location: 'Online' }],
      ] as const) {
        const name = `Hidden ${status} ${kind.toLowerCase()} zebrafinch`;
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/${kind === 'News' ? 'news' : 'events'}`,
          headers: admin,
          payload: { name, ...dated, ...extra },
        });
        expect(res.statusCode, res.body).toBe(201);
        const item = res.json() as { id: string; urlAlias: string };
        made[`${status}${kind}`] = { id: item.id, link: item.urlAlias, name };
      }
    }
    const failures: string[] = [];
    let checked = 0;
    const get = (caller: Caller, url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: headers[caller] });
    for (const [kind, item] of Object.entries(made) as [HiddenCmsKind, (typeof made)[HiddenCmsKind]][]) {
      const area = kind.endsWith('Page') ? 'pages' : kind.endsWith('News') ? 'news' : 'events';
      for (const caller of CALLERS) {
        const mayView = HIDDEN_CMS[kind][caller];
        const byLink =
          area === 'pages'
            ? `/api/v1/pages/by-href?href=${encodeURIComponent(item.link)}`
            : `/api/v1/${area}/${encodeURIComponent(item.link)}`;
        const direct = [`/api/v1/${area}/${item.id}`, byLink];
        if (area === 'events') direct.push(`/api/v1/events/${item.id}/calendar.ics`);
        if (item.fileId) direct.push(`/api/v1/files/${item.fileId}`, `/api/v1/files/${item.fileId}/content`);
        for (const url of direct) {
          const status = (await get(caller, url)).statusCode;
          checked += 1;
          if (status !== (mayView ? 200 : 404)) failures.push(`${kind} ${url} as ${caller}: ${status}`);
        }
        // In lists: never for those who may not see it (editors see archived ones only when they ask).
        const lists = [
          `/api/v1/${area}`,
          `/api/v1/${area}?statuses=${kind.startsWith('archived') ? 'archived' : 'unpublished'}`,
        ];
        for (const url of lists) {
          const res = await get(caller, url);
          checked += 1;
          if (!mayView && res.body.includes(item.id)) failures.push(`${kind} listed by ${url} for ${caller}`);
        }
        if (area === 'news') {
          for (const url of ['/news/feed.xml', '/news/feed.xml?format=rss']) {
            const feed = await get(caller, url);
            checked += 1;
            if (feed.body.includes(item.name) || feed.body.includes(item.link))
              failures.push(`${kind} in ${url} for ${caller}`);
          }
        }
      }
    }
    // Courseware search finds no hidden item for a caller who may not open it.
    for (const [kind, item] of Object.entries(hidden) as [HiddenKind, (typeof hidden)[HiddenKind]][]) {
      const [{ name } = { name: '' }] = await ctx.database.db
        .select({ name: content.name })
        .from(content)
        .where(eq(content.id, item.id));
      for (const caller of CALLERS) {
        if (HIDDEN_CONTENT[kind][caller]) continue;
        const res = await get(caller, `/api/v1/content/search?q=${encodeURIComponent(name)}`);
        checked += 1;
        if (res.statusCode !== 200 || res.body.includes(item.id))
          failures.push(`${kind} "${name}" found by search for ${caller}: ${res.statusCode}`);
      }
    }
    console.info(`hidden pages, news, events and search: ${checked} checks`);
    expect(failures).toEqual([]);
  });
});
