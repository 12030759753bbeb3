/**
 * The demo pages (issue 11 "Demo pages") on a real database: every widget kind appears on a page a
 * visitor can open by its link, the community page is in the grouped layout with its groups, the images
 * and the file are public files that are served, and a second run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_GROUP_PREFIX, WIDGET_KINDS } from '@portal/shared/enums';
import { PageSchema, widgetFiles, type Page } from '@portal/shared/schemas/pages';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { demoPageFiles } from '../seed/seed.service.js';
import { DEMO_AUTHOR_NAME, DEMO_PAGES, demoWidgetKinds, seedDemoPages } from './demo-pages.js';
import { listPageRevisions } from './page-revisions.service.js';

let ctx: TestContext;
let created: number;
const served = new Map<string, Page>();

beforeAll(async () => {
  ctx = await createTestContext();
  created = await seedDemoPages(ctx.database.db, demoPageFiles(ctx.database.db, ctx.fileStore));
  for (const demo of DEMO_PAGES) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/pages/by-href?href=${encodeURIComponent(demo.page.href.toUpperCase())}`,
    });
    expect(res.statusCode, demo.page.href).toBe(200);
    served.set(demo.page.href, PageSchema.parse(res.json()));
  }
});
afterAll(async () => ctx?.close());

describe('demo pages', () => {
  it('creates the static pages of the site, each open to a visitor by its link in any case', () => {
    expect(created).toBe(DEMO_PAGES.length);
    expect([...served.keys()].sort()).toEqual([
      '/about',
      '/community',
      '/community/cyber-workshops',
      '/features',
      '/resources',
      '/team',
      '/terms-of-use',
    ]);
    for (const page of served.values()) {
      expect(page.status).toBe('published');
      expect(page.sections.length).toBeGreaterThan(0);
    }
    expect(served.get('/community/cyber-workshops')!.parentId).toBe(served.get('/community')!.id);
  });

  it('shows every widget kind somewhere', () => {
    const kinds = new Set(
      [...served.values()].flatMap((p) => p.sections.flatMap((s) => s.widgets.map((w) => w.kind))),
    );
    expect([...kinds].sort()).toEqual([...WIDGET_KINDS].sort());
    expect([...demoWidgetKinds()].sort()).toEqual([...WIDGET_KINDS].sort());
  });

  it('lays the community page out in groups, each group named in the layout', () => {
    const community = served.get('/community')!;
    expect(community.layout.name).toBe('groupedList');
    expect(community.layout.parameters).toEqual([
      `${PAGE_GROUP_PREFIX}Take part`,
      `${PAGE_GROUP_PREFIX}Workshops`,
    ]);
    expect(community.sections.map((s) => s.key)).toEqual(['Take part', 'Take part', 'Workshops']);
  });

  it('serves every image and file a demo widget names to a visitor', async () => {
    const files = [...served.values()].flatMap((p) =>
      p.sections.flatMap((s) => s.widgets.flatMap((w) => widgetFiles(w).map((f) => f.file))),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${file.fileId}/content` });
      expect(res.statusCode, file.filename).toBe(200);
      // Images keep their type (an <img> draws them); anything else is served as bytes to save.
      const isImage = file.mimeType.startsWith('image/');
      expect(res.headers['content-type']).toBe(isImage ? file.mimeType : 'application/octet-stream');
      if (file.mimeType === 'image/svg+xml') {
        expect(res.body).toContain('<svg');
        expect(file.alt.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the allowed links of the rich text through sanitising', () => {
    const terms = served.get('/terms-of-use')!;
    const html = terms.sections
      .flatMap((s) => s.widgets)
      .map((w) => (w.kind === 'contentBox' ? w.content : ''))
      .join('');
    expect(html).toContain('href="https://creativecommons.org/licenses/by-nc-sa/4.0/"');
    expect(html).toContain('Attribution-NonCommercial-ShareAlike 4.0</a>');
  });

  it('keeps a revision of every save, named after the demo data', async () => {
    const features = served.get('/features')!;
    const revisions = await listPageRevisions(ctx.database.db, features.id, { pageSize: 100 });
    expect(revisions.items).toHaveLength(1 + features.sections.length);
    expect(new Set(revisions.items.map((r) => r.authorName))).toEqual(new Set([DEMO_AUTHOR_NAME]));
    expect(revisions.items.at(-1)!.change).toBe('create');
  });

  it('adds nothing when pages exist', async () => {
    expect(await seedDemoPages(ctx.database.db, demoPageFiles(ctx.database.db, ctx.fileStore))).toBe(0);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/pages?pageSize=100' });
    expect(res.json().items).toHaveLength(DEMO_PAGES.length);
  });
});
