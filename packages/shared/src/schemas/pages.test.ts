import { describe, expect, it } from 'vitest';
import { HEADING_TYPE_LABELS, WIDGET_KINDS } from '../enums.js';
import {
  CALLOUT_TEXT_MAX,
  CONTENT_BOX_HTML_MAX,
  HEADING_TEXT_MAX,
  PAGE_HREF_MAX,
  TEAM_MEMBER_DESCRIPTION_MAX,
  YOUTUBE_VIDEO_ID_MAX,
} from '../limits.js';
import { UploadFileFieldsSchema } from './files.js';
import {
  CreatePageRequestSchema,
  PAGE_MESSAGES,
  PageByHrefQuerySchema,
  PageLayoutRequestSchema,
  SectionRequestSchema,
  WIDGET_FILE_SLOTS,
  WidgetSchema,
  widgetFiles,
  type WidgetInput,
} from './pages.js';

const ID = '00000000-0000-4000-8000-000000000001';
const image = { fileId: ID, filename: 'range.svg', mimeType: 'image/svg+xml', alt: 'The range' };

/** One valid widget of every kind. */
const EVERY_KIND: WidgetInput[] = [
  { kind: 'heading', text: 'About us', headingType: 'h1', headingColor: 'tertiary' },
  { kind: 'calloutBox', text: 'Free for schools.' },
  { kind: 'contentBox', content: '<p>Hello</p>', imagePosition: 'left', image },
  { kind: 'callToAction', text: 'Join', target: '/community' },
  { kind: 'coverImage', title: 'Range', image },
  { kind: 'teamMember', name: 'Ada', title: 'Director', description: 'Runs it.', avatar: image, logo: null },
  { kind: 'image', name: 'Map', maxHeight: '300', position: 'center', image },
  { kind: 'youTube', videoId: 'dQw4w9WgXcQ' },
  { kind: 'featureItem', title: 'Labs', subtitle: 'Line one\nLine two', imagePosition: 'right', image },
  {
    kind: 'giantIconButton',
    buttons: [{ name: 'Courses', description: 'Browse', target: 'https://example.org/x', icon: 'school' }],
  },
  { kind: 'file', name: 'Terms', file: { fileId: ID, filename: 'terms.pdf', mimeType: 'application/pdf' } },
];

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('widgets', () => {
  it('accepts one widget of every kind, and the list covers every kind', () => {
    expect(EVERY_KIND.map((w) => w.kind)).toEqual([...WIDGET_KINDS]);
    for (const widget of EVERY_KIND) expect(WidgetSchema.safeParse(widget).success, widget.kind).toBe(true);
  });

  it('labels heading levels as 001 §3', () => {
    expect(Object.values(HEADING_TYPE_LABELS)).toEqual([
      'Page Heading',
      'Section Heading',
      'Heading',
      'Subheading',
      'Headline',
      'Title',
    ]);
  });

  it('refuses an unknown kind and fields over their limits', () => {
    expect(WidgetSchema.safeParse({ kind: 'marquee', text: 'x' }).success).toBe(false);
    const over = [
      { kind: 'heading', text: 'x'.repeat(HEADING_TEXT_MAX + 1) },
      { kind: 'calloutBox', text: 'x'.repeat(CALLOUT_TEXT_MAX + 1) },
      { kind: 'contentBox', content: `<p>${'x'.repeat(CONTENT_BOX_HTML_MAX)}</p>` },
      { kind: 'teamMember', name: 'a', title: 'b', description: 'x'.repeat(TEAM_MEMBER_DESCRIPTION_MAX + 1) },
      { kind: 'youTube', videoId: 'x'.repeat(YOUTUBE_VIDEO_ID_MAX + 1) },
    ];
    for (const widget of over) expect(WidgetSchema.safeParse(widget).success, widget.kind).toBe(false);
  });

  it('requires text, a non-blank content box and alt text of a present image', () => {
    expect(messages(WidgetSchema.safeParse({ kind: 'calloutBox', text: '   ' }))).toEqual([
      'This field is required.',
    ]);
    expect(WidgetSchema.safeParse({ kind: 'contentBox', content: '<p> </p>' }).success).toBe(false);
    expect(
      WidgetSchema.safeParse({ kind: 'coverImage', title: 'x', image: { ...image, alt: '' } }).success,
    ).toBe(false);
    // A file's alt text is optional.
    expect(WidgetSchema.safeParse({ kind: 'file', name: 'x', file: { ...image, alt: '' } }).success).toBe(
      true,
    );
  });

  it('takes only page links or http(s) addresses as targets, digits as maximum height', () => {
    for (const target of ['javascript:alert(1)', '//evil.example', 'ftp://x', 'about']) {
      expect(messages(WidgetSchema.safeParse({ kind: 'callToAction', text: 'Go', target }))).toEqual([
        PAGE_MESSAGES.target,
      ]);
    }
    expect(messages(WidgetSchema.safeParse({ kind: 'image', name: 'x', maxHeight: '1e3', image }))).toEqual([
      PAGE_MESSAGES.maxHeight,
    ]);
    expect(WidgetSchema.safeParse({ kind: 'youTube', videoId: 'a b' }).success).toBe(false);
  });

  it('applies defaults', () => {
    expect(WidgetSchema.parse({ kind: 'heading', text: 'x' })).toEqual({
      kind: 'heading',
      text: 'x',
      headingType: 'h2',
      headingColor: 'default',
    });
  });

  it('names each file with the upload kind of its slot', () => {
    const member = WidgetSchema.parse(EVERY_KIND[5]);
    expect(widgetFiles(member).map((f) => f.uploadKind)).toEqual(['avatar']);
    expect(WIDGET_FILE_SLOTS.file).toEqual({ file: 'file' });
    expect(widgetFiles(WidgetSchema.parse(EVERY_KIND[0]))).toEqual([]);
  });
});

describe('page dialog', () => {
  const page = { title: 'About', status: 'published', description: 'Who we are', href: '/about-us/team-2' };

  it('accepts a valid page and defaults the layout', () => {
    expect(CreatePageRequestSchema.parse(page)).toMatchObject({
      layoutName: 'handSortedList',
      parentId: null,
    });
  });

  it('shows the one link message for every link error', () => {
    for (const href of ['about', '/About', '/a b', '/a_b', '/é', `/${'a'.repeat(PAGE_HREF_MAX)}`, '']) {
      expect(messages(CreatePageRequestSchema.safeParse({ ...page, href })), href).toEqual([
        PAGE_MESSAGES.href,
      ]);
    }
    expect(messages(CreatePageRequestSchema.safeParse({ ...page, href: 42 }))).toEqual([PAGE_MESSAGES.href]);
  });

  it('requires title, status and description', () => {
    const result = CreatePageRequestSchema.safeParse({ href: '/x', title: '', description: ' ' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['description', 'status', 'title']);
  });

  it('lower-cases a link to look up', () => {
    expect(PageByHrefQuerySchema.parse({ href: '/About' }).href).toBe('/about');
  });
});

describe('sections and layout', () => {
  it('trims the group and drops an empty one', () => {
    const widgets = [EVERY_KIND[1]];
    expect(SectionRequestSchema.parse({ key: '  Workshops ', widgets }).key).toBe('Workshops');
    expect(SectionRequestSchema.parse({ key: '   ', widgets }).key).toBeNull();
    expect(SectionRequestSchema.safeParse({ key: null, widgets: [] }).success).toBe(false);
  });

  it('refuses duplicate groups or sections in a reorder', () => {
    expect(
      PageLayoutRequestSchema.safeParse({ version: 1, sectionIds: [ID], groups: ['a', ' a'] }).success,
    ).toBe(false);
    expect(PageLayoutRequestSchema.safeParse({ version: 1, sectionIds: [ID, ID], groups: [] }).success).toBe(
      false,
    );
    expect(PageLayoutRequestSchema.safeParse({ version: 1, sectionIds: [ID], groups: ['a'] }).success).toBe(
      true,
    );
  });
});

describe('widget file uploads', () => {
  it('need the page id', () => {
    const fields = {
      type: 'image/png',
      name: 'x.png',
      visibility: 'public',
      metadataType: 'page',
      kind: 'logo',
    };
    expect(UploadFileFieldsSchema.safeParse(fields).success).toBe(false);
    expect(UploadFileFieldsSchema.parse({ ...fields, metadataId: ID }).kind).toBe('logo');
  });
});
