/**
 * Search engines and link previews (issue 22): the head of public pages as the server writes it, the
 * JSON-LD of courseware items, the feeds a reader discovers (issue 34), the browser's configuration
 * inlined, robots.txt, the sitemap (checked against the sitemaps.org schemas with xmllint) and the
 * pre-compressed static files.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvJsonSchema } from '@portal/shared/schemas/site';
import { content } from '../../db/schema/courseware.js';
import { event } from '../../db/schema/events.js';
import { news } from '../../db/schema/news.js';
import { page } from '../../db/schema/pages.js';
import { htmlToText } from '../../lib/html.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { buildWebDistApp } from '../../testing/web-dist.js';
import type { Db } from '../../db/client.js';
import { appPageParts, buildSitemaps, headFor, siteFeeds, writeAppPage } from './seo.service.js';

const BASE = 'https://portal.example.edu';
const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xsd');
const LAB_PATH = '/courseware/network-security-course/packet-analysis/cross-site-scripting-lab';

const { ctx, tree } = useTestApp({
  tree: true,
  env: { PUBLIC_BASE_URL: BASE, FEATURE_NEWS: 'true', FEATURE_EVENTS: 'true' },
});

/** The app's index.html as the web build writes it: the default head between the markers. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <meta name="description" content="Default." />
    <title>Courseware</title>
    <!--/app-head-->
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body>
</html>`;
const SCRIPT = Buffer.from(`console.log(${JSON.stringify('portal '.repeat(400))});\n`);

let web: FastifyInstance;
let underHidden: string;
let hostile: string;

beforeAll(async () => {
  const db = ctx.database.db;
  const insertItem = async (values: typeof content.$inferInsert) => {
    const description = values.description ?? '';
    const [row] = await db
      .insert(content)
      .values({ ...values, descriptionText: htmlToText(description) })
      .returning({ id: content.id });
    return row!.id;
  };
  underHidden = await insertItem({
    name: 'Published Under Draft',
    urlAlias: 'network-security-course/packet-analysis/draft-firewall-lab/published-under-draft',
    status: 'published',
    parentId: tree.hidden,
    rootId: tree.course,
  });
  hostile = await insertItem({
    name: 'Quotes " and </script><script>alert(1)</script>',
    urlAlias: 'hostile-item',
    status: 'published',
    description: '<p>Ends the block early: &lt;/script&gt; &amp; more</p>',
  });
  await db.insert(news).values([
    {
      urlAlias: 'range-opens',
      name: 'The range opens',
      description: '<p>Every lab is <em>open</em> now.</p>',
      image: 'https://images.example.org/range.png',
      status: 'published',
      date: new Date('2026-01-10T10:00:00Z'),
    },
    {
      urlAlias: 'secret-news',
      name: 'Secret news',
      description: '<p>Not yet.</p>',
      image: 'data:image/png;base64,AAAA',
      status: 'unpublished',
      date: new Date('2026-01-11T10:00:00Z'),
    },
  ]);
  await db.insert(event).values([
    {
      urlAlias: 'capture-the-flag',
      name: 'Capture the flag',
      description: '<p>A day of attack and defence.</p>',
      link: 'https://ctf.example.org',
      location: 'Online',
      status: 'published',
      date: new Date('2026-03-01T15:00:00Z'),
    },
    {
      urlAlias: 'unlisted-event',
      name: 'Unlisted event',
      description: '<p>By link only.</p>',
      link: 'https://ctf.example.org',
      location: 'Online',
      status: 'unlisted',
      date: new Date('2026-03-02T15:00:00Z'),
    },
  ]);
  await db.insert(page).values([
    {
      href: '/partners',
      title: 'Partners',
      description: 'Schools and agencies we work with.',
      metaImages: ['/api/v1/files/partners.png'],
      status: 'published',
    },
    { href: '/draft-page', title: 'Draft page', description: 'Not ready.', status: 'unpublished' },
    { href: '/by-link', title: 'By link', description: 'Shared with a class.', status: 'unlisted' },
  ]);

  web = await buildWebDistApp(ctx, 'web-seo', {
    'index.html': TEMPLATE,
    'assets/index-abc123.js': SCRIPT,
    'assets/index-abc123.js.br': brotliCompressSync(SCRIPT),
    'assets/index-abc123.js.gz': gzipSync(SCRIPT),
  });
});

afterAll(async () => {
  await web?.close();
});

/** The page the server serves at `url`, with what a crawler reads from its head. */
async function pageAt(url: string) {
  const res = await web.inject({ method: 'GET', url, headers: { 'user-agent': 'facebookexternalhit/1.1' } });
  const html = res.body;
  /** The content of the one meta tag with this name or property (attribute values as written). */
  const meta = (key: string) => {
    const found = [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].filter(
      (m) => m[1] === key,
    );
    return found.length === 1 ? found[0]![2] : found.length === 0 ? undefined : 'MORE THAN ONE';
  };
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
  const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
  const env = /<script type="application\/json" id="env">([^<]*)<\/script>/.exec(html)?.[1];
  return {
    res,
    html,
    titles,
    meta,
    canonical,
    jsonLd: jsonLd === undefined ? undefined : (JSON.parse(jsonLd) as Record<string, unknown>),
    env: env === undefined ? undefined : (JSON.parse(env) as unknown),
  };
}

/** Runs xmllint against one of the sitemaps.org schemas; its stderr when the document is not valid. */
function validate(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd') {
  const run = spawnSync('xmllint', ['--noout', '--schema', path.join(XSD_DIR, schema), '-'], {
    input: xml,
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  return { status: run.status, stderr: run.stderr };
}

describe('the head of a courseware item', () => {
  it('names the item, its description and its one address, by alias or id, for crawlers', async () => {
    const byAlias = await pageAt(LAB_PATH);
    expect(byAlias.res.statusCode).toBe(200);
    expect(byAlias.res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(byAlias.res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(byAlias.titles).toEqual(['Cross-Site Scripting Lab | Cyber Range Portal']);
    const description = 'Reflected and stored XSS attacks against a web application.';
    expect(byAlias.meta('description')).toBe(description);
    expect(byAlias.meta('og:title')).toBe('Cross-Site Scripting Lab');
    expect(byAlias.meta('og:description')).toBe(description);
    expect(byAlias.meta('og:url')).toBe(`${BASE}${LAB_PATH}`);
    expect(byAlias.meta('og:site_name')).toBe('Cyber Range Portal');
    expect(byAlias.meta('og:type')).toBe('article');
    expect(byAlias.meta('twitter:card')).toBe('summary');
    expect(byAlias.meta('twitter:title')).toBe('Cross-Site Scripting Lab');
    expect(byAlias.canonical).toBe(`${BASE}${LAB_PATH}`);
    // A listed item asks for nothing but the default: crawlers index it.
    expect(byAlias.meta('robots')).toBeUndefined();
    // The template's default title and description are replaced, not repeated.
    expect(byAlias.html).not.toContain('Default.');

    const byId = await pageAt(`/courseware/${tree.lab.toUpperCase()}`);
    expect(byId.canonical).toBe(`${BASE}${LAB_PATH}`);
    expect(byId.meta('og:title')).toBe('Cross-Site Scripting Lab');
    // The catch-all addresses an item by its alias at the top level.
    const catchAll = await pageAt('/network-security-course/packet-analysis/cross-site-scripting-lab');
    expect(catchAll.canonical).toBe(`${BASE}${LAB_PATH}`);
  });

  it('describes the item as a schema.org LearningResource with what it teaches', async () => {
    const { jsonLd } = await pageAt(LAB_PATH);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LearningResource',
      name: 'Cross-Site Scripting Lab',
      description: 'Reflected and stored XSS attacks against a web application.',
      url: `${BASE}${LAB_PATH}`,
      educationalLevel: ['University Undergraduate'],
      learningResourceType: ['Exercise', 'Lesson'],
      license: 'CC BY-SA 4.0',
      teaches: ['Web & Mobile Security', 'Analyze network traffic'],
    });
  });

  it('gives an unlisted item, which its link opens, its own head that asks crawlers not to index it', async () => {
    const unlistedPath = '/courseware/network-security-course/packet-analysis/unlisted-sniffing-lab';
    for (const url of [unlistedPath, `/courseware/${tree.unlisted}`]) {
      const unlisted = await pageAt(url);
      expect(unlisted.titles, url).toEqual(['Unlisted Sniffing Lab | Cyber Range Portal']);
      expect(unlisted.meta('og:title'), url).toBe('Unlisted Sniffing Lab');
      expect(unlisted.canonical, url).toBe(`${BASE}${unlistedPath}`);
      expect(unlisted.meta('robots'), url).toBe('noindex');
    }
    // The item's own page opens it for a visitor: the head answers the same question the same way.
    const api = await web.inject({ method: 'GET', url: `/api/v1/content/${tree.unlisted}` });
    expect(api.statusCode).toBe(200);
  });

  it('gives unpublished, archived and hidden-ancestor items the default head, naming nothing', async () => {
    const hidden = {
      [tree.hidden]: 'Draft Firewall Lab',
      [tree.archived]: 'Archived Telnet Lab',
      [underHidden]: 'Published Under Draft',
    };
    for (const [id, name] of Object.entries(hidden)) {
      const byId = await pageAt(`/courseware/${id}`);
      expect(byId.res.statusCode, name).toBe(200);
      expect(byId.titles, name).toEqual(['Cyber Range Portal']);
      expect(byId.canonical, name).toBeUndefined();
      expect(byId.meta('og:url'), name).toBeUndefined();
      expect(byId.jsonLd, name).toBeUndefined();
      expect(byId.meta('robots'), name).toBeUndefined();
      expect(byId.html, name).not.toContain(name);
      // The item's own page does not open it for a visitor either.
      const api = await web.inject({ method: 'GET', url: `/api/v1/content/${id}` });
      expect(api.statusCode, name).toBe(404);
    }
    const draft = await pageAt('/courseware/network-security-course/packet-analysis/draft-firewall-lab');
    expect(draft.titles).toEqual(['Cyber Range Portal']);
    expect(draft.html).not.toContain('Draft Firewall Lab');
  });

  it('escapes what editors wrote: attribute values, the title and the JSON-LD block', async () => {
    const { html, titles, meta, jsonLd } = await pageAt('/courseware/hostile-item');
    expect(html).not.toContain('<script>alert(1)');
    expect(titles).toEqual([
      'Quotes &quot; and &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Cyber Range Portal',
    ]);
    expect(meta('og:title')).toBe('Quotes &quot; and &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Quotes \\" and \\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(jsonLd?.name).toBe('Quotes " and </script><script>alert(1)</script>');
    expect(jsonLd?.description).toBe('Ends the block early: </script> & more');
    // Exactly the blocks the server wrote: the ld+json block, the env block, the app's module script.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    void hostile;
  });
});

describe('the head of other public pages', () => {
  it('gives home and the courseware landing their defaults and their address', async () => {
    const home = await pageAt('/');
    expect(home.titles).toEqual(['Cyber Range Portal']);
    expect(home.canonical).toBe(`${BASE}/`);
    expect(home.meta('og:type')).toBe('website');
    const landing = await pageAt('/courseware?s=xss&v=list');
    expect(landing.titles).toEqual(['Courseware | Cyber Range Portal']);
    expect(landing.canonical).toBe(`${BASE}/courseware`);
    expect(landing.meta('description')).toMatch(/^Search and browse cybersecurity courses/);
    expect((await pageAt('/news')).canonical).toBe(`${BASE}/news`);
  });

  it('names published news, events and dynamic pages with their image; hidden ones get the default', async () => {
    const newsItem = await pageAt('/news/range-opens');
    expect(newsItem.titles).toEqual(['The range opens | Cyber Range Portal']);
    expect(newsItem.meta('og:description')).toBe('Every lab is open now.');
    expect(newsItem.meta('og:image')).toBe('https://images.example.org/range.png');
    expect(newsItem.meta('twitter:card')).toBe('summary_large_image');
    expect(newsItem.canonical).toBe(`${BASE}/news/range-opens`);

    const eventItem = await pageAt('/events/capture-the-flag');
    expect(eventItem.meta('og:title')).toBe('Capture the flag');
    expect(eventItem.meta('og:url')).toBe(`${BASE}/events/capture-the-flag`);

    const partners = await pageAt('/Partners/');
    expect(partners.titles).toEqual(['Partners | Cyber Range Portal']);
    expect(partners.meta('og:image')).toBe(`${BASE}/api/v1/files/partners.png`);
    expect(partners.canonical).toBe(`${BASE}/partners`);

    for (const url of ['/news/secret-news', '/draft-page', '/admin/users']) {
      const hidden = await pageAt(url);
      expect(hidden.titles, url).toEqual(['Cyber Range Portal']);
      expect(hidden.canonical, url).toBeUndefined();
      expect(hidden.meta('robots'), url).toBeUndefined();
    }
    expect((await pageAt('/draft-page')).html).not.toContain('Draft page');
    expect((await pageAt('/news/secret-news')).html).not.toContain('Secret news');
    // A malformed percent-encoding is just an unknown page (the router refuses it before it gets here).
    expect((await headFor(ctx.database.db, ctx.config, '/courseware/%E0%A4%A')).canonical).toBeNull();
  });

  it('gives an unlisted event and an unlisted dynamic page their own head with noindex', async () => {
    const unlistedEvent = await pageAt('/events/unlisted-event');
    expect(unlistedEvent.titles).toEqual(['Unlisted event | Cyber Range Portal']);
    expect(unlistedEvent.canonical).toBe(`${BASE}/events/unlisted-event`);
    expect(unlistedEvent.meta('robots')).toBe('noindex');
    const byLink = await pageAt('/By-Link');
    expect(byLink.titles).toEqual(['By link | Cyber Range Portal']);
    expect(byLink.meta('description')).toBe('Shared with a class.');
    expect(byLink.canonical).toBe(`${BASE}/by-link`);
    expect(byLink.meta('robots')).toBe('noindex');
    // The published ones are indexed.
    expect((await pageAt('/partners')).meta('robots')).toBeUndefined();
    expect((await pageAt('/events/capture-the-flag')).meta('robots')).toBeUndefined();
  });

  it('writes the browser configuration into the page as a non-executable block equal to /dist/env.json', async () => {
    const { env, res } = await pageAt('/about');
    const served = await web.inject({ method: 'GET', url: '/dist/env.json' });
    expect(EnvJsonSchema.parse(env)).toEqual(served.json());
    // Under the site's CSP: no inline script may run, and none needs to.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('still serves the page, with the default head and no configuration, when the database cannot be read', async () => {
    const outage = new Error('connection refused');
    const unreadable = new Proxy({} as Db, {
      get: () => () => {
        throw outage;
      },
    });
    const heard: unknown[] = [];
    const parts = await appPageParts(unreadable, ctx.config, {
      path: LAB_PATH,
      query: {},
      onError: (error) => heard.push(error),
    });
    const html = writeAppPage(TEMPLATE, parts, { isRendered: false });
    expect(heard).toEqual([outage]);
    expect(html).toContain('<title>Cyber Range Portal</title>');
    expect(html).not.toContain('id="env"');
    expect(html).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it('compresses the page for clients that accept it', async () => {
    const res = await web.inject({ method: 'GET', url: LAB_PATH, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
      '<title>Cross-Site Scripting Lab | Cyber Range Portal</title>',
    );
    const gz = await web.inject({
      method: 'GET',
      url: LAB_PATH,
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>Cross-Site Scripting Lab');
  });

  it('names the news feeds in the head of every page, and an event page its calendar file (issue 34)', async () => {
    const feedLinks = (html: string) =>
      [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]*)" href="([^"]+)" \/>/g)].map(
        (m) => ({ type: m[1], title: m[2], href: m[3] }),
      );
    const feeds = [
      { type: 'application/atom+xml', title: 'Cyber Range Portal News', href: `${BASE}/news/feed.xml` },
      {
        type: 'application/rss+xml',
        title: 'Cyber Range Portal News (RSS)',
        href: `${BASE}/news/feed.xml?format=rss`,
      },
    ];
    for (const url of ['/', '/courseware', LAB_PATH, '/news/range-opens', '/partners', '/admin/users']) {
      expect(feedLinks((await pageAt(url)).html), url).toEqual(feeds);
    }
    expect(feedLinks((await pageAt('/events/capture-the-flag')).html)).toEqual([
      ...feeds,
      {
        type: 'text/calendar',
        title: 'Capture the flag (iCalendar)',
        href: `${BASE}/api/v1/events/capture-the-flag/calendar.ics`,
      },
    ]);
    // Each address is one the server answers with that type.
    const calendar = await web.inject({ method: 'GET', url: '/api/v1/events/capture-the-flag/calendar.ics' });
    expect(calendar.headers['content-type']).toMatch(/^text\/calendar/);
    const rss = await web.inject({ method: 'GET', url: '/news/feed.xml?format=rss' });
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect((await web.inject({ method: 'GET', url: '/news/feed.xml' })).headers['content-type']).toMatch(
      /^application\/atom\+xml/,
    );
    // With news off, no page names a feed.
    const env = EnvJsonSchema.parse((await web.inject({ method: 'GET', url: '/dist/env.json' })).json());
    expect(siteFeeds(ctx.config, { ...env.features, news: false })).toEqual([]);
  });

  it('answers HEAD on an app route like GET, without the body', async () => {
    const get = await web.inject({ method: 'GET', url: '/courseware' });
    const head = await web.inject({ method: 'HEAD', url: '/courseware' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
  });
});

describe('robots.txt and the sitemap', () => {
  it('lets crawlers read public pages, not the API or the admin areas, and names the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/auth/', '/admin', '/cr-admin', '/cr-dashboard'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('lists every published item, page, news item and event, and none of the hidden ones; it validates', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(validate(res.body, 'sitemap.xsd')).toEqual({ status: 0, stderr: '- validates\n' });
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${BASE}/`,
        `${BASE}/courseware`,
        `${BASE}/news`,
        `${BASE}/events`,
        `${BASE}/courseware/network-security-course`,
        `${BASE}/courseware/network-security-course/packet-analysis`,
        `${BASE}${LAB_PATH}`,
        `${BASE}/courseware/hostile-item`,
        `${BASE}/partners`,
        `${BASE}/news/range-opens`,
        `${BASE}/events/capture-the-flag`,
      ]),
    );
    expect(new Set(locs).size).toBe(locs.length);
    for (const hidden of [
      'draft-firewall-lab',
      'unlisted-sniffing-lab',
      'archived-telnet-lab',
      'published-under-draft',
      'secret-news',
      'unlisted-event',
      'draft-page',
      'by-link',
    ])
      expect(res.body).not.toContain(hidden);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    // Not paged: there are no parts.
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemap/1.xml' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemap/0.xml' })).statusCode).toBe(400);
  });

  it('pages a long sitemap into a sitemap index of parts that each validate', () => {
    const urls = ['a', 'b', 'c', 'd', 'e'].map((name) => ({
      loc: `${BASE}/courseware/${name}?x=1&y=<2>`,
      lastmod: new Date('2026-02-03T04:05:06Z'),
    }));
    const { index, parts } = buildSitemaps(BASE, urls, 2);
    expect(parts).toHaveLength(3);
    expect(validate(index, 'siteindex.xsd').status).toBe(0);
    expect(index).toContain(`<loc>${BASE}/sitemap/3.xml</loc>`);
    for (const part of parts) expect(validate(part, 'sitemap.xsd').status).toBe(0);
    expect(parts[2]).toContain('<loc>https://portal.example.edu/courseware/e?x=1&amp;y=&lt;2&gt;</loc>');
    // The schema check can fail: a sitemap index is not a urlset.
    expect(validate(index, 'sitemap.xsd').status).not.toBe(0);
  });
});

describe('static files', () => {
  it('sends the brotli or gzip file written at build time to a client that accepts it, cached for good', async () => {
    const url = '/assets/index-abc123.js';
    const br = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(SCRIPT)).toBe(true);

    const plain = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(SCRIPT)).toBe(true);
    // The compressed files are not addresses of their own: a file the server does not serve is missing.
    expect((await web.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
  });
});
