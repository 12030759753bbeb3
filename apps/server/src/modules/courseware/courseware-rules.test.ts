/**
 * Every validation rule of 000 §5 at its boundary (at the limit accepted, one over refused), and the
 * sanitising of rich text: nothing executable that is sent in a description ever comes back out.
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import {
  CHILD_NAME_MAX,
  CONTENT_NAME_MAX,
  CONTRIBUTOR_FIELD_MAX,
  DESCRIPTION_MAX,
  FILE_NAME_MAX,
  TAGS_PER_CONTENT_MAX,
  TAG_LENGTH_MAX,
} from '@portal/shared/limits';
import { ContentSchema, latestToday, toUpdateRequest, type Content } from '@portal/shared/schemas/courseware';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const call = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  role: Role = 'contenteditor',
) =>
  ctx.app.inject({
    method,
    url,
    headers: await bearer(ctx.app, accounts[role]),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const load = async (id: string): Promise<Content> =>
  ContentSchema.parse((await call('GET', `/api/v1/content/${id}`)).json());

let counter = 0;
/** A create request with a fresh name (so aliases never clash). */
const createBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return { name: `Rule item ${counter}`, description: '<p>About it.</p>', ...overrides };
};
const createStatus = async (overrides: Record<string, unknown>) =>
  (await call('POST', '/api/v1/content', createBody(overrides))).statusCode;
const saveStatus = async (overrides: Record<string, unknown>) => {
  const lab = await load(tree.lab);
  return (await call('PUT', `/api/v1/content/${tree.lab}`, { ...toUpdateRequest(lab), ...overrides }))
    .statusCode;
};
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('000 §5 content rules', () => {
  it('content name: required; at the limit accepted, one over refused', async () => {
    expect(await createStatus({ name: 'x'.repeat(CONTENT_NAME_MAX) })).toBe(201);
    expect(await createStatus({ name: 'y'.repeat(CONTENT_NAME_MAX + 1) })).toBe(400);
    expect(await createStatus({ name: '' })).toBe(400);
    expect(await createStatus({ name: '   ' })).toBe(400);
    expect(await saveStatus({ name: '' })).toBe(400);
  });

  it('description: required (blank editor or nothing left after sanitising is missing); max 100000', async () => {
    const fill = (length: number) => `<p>${'d'.repeat(length - '<p></p>'.length)}</p>`;
    expect(await createStatus({ description: fill(DESCRIPTION_MAX) })).toBe(201);
    expect(await createStatus({ description: fill(DESCRIPTION_MAX + 1) })).toBe(400);
    for (const blank of ['', '<p></p>', '<p>&nbsp; </p>', '<script>alert(1)</script>']) {
      const res = await call('POST', '/api/v1/content', createBody({ description: blank }));
      expect(res.statusCode, blank).toBe(400);
      expect(res.json().message).toContain('Description is required.');
    }
    expect(
      await createStatus({ description: '<p><img src="https://example.org/a.png" alt="Diagram"></p>' }),
    ).toBe(201);
  });

  it('child and section names: required, max 1000', async () => {
    expect(await createStatus({ children: [{ name: 'c'.repeat(CHILD_NAME_MAX) }] })).toBe(201);
    expect(await createStatus({ children: [{ name: 'c'.repeat(CHILD_NAME_MAX + 1) }] })).toBe(400);
    expect(await createStatus({ children: [{ name: ' ' }] })).toBe(400);
    const section = (name: string) => [{ name, description: '' }];
    expect(await createStatus({ sections: section('s'.repeat(CHILD_NAME_MAX)) })).toBe(201);
    expect(await createStatus({ sections: section('s'.repeat(CHILD_NAME_MAX + 1)) })).toBe(400);
    expect(await createStatus({ sections: section('') })).toBe(400);
  });

  it('file name: required, max 120', async () => {
    expect(await saveStatus({ files: [{ id: tree.fileId, name: 'f'.repeat(FILE_NAME_MAX) }] })).toBe(200);
    expect(await saveStatus({ files: [{ id: tree.fileId, name: 'f'.repeat(FILE_NAME_MAX + 1) }] })).toBe(400);
    expect(await saveStatus({ files: [{ id: tree.fileId, name: '  ' }] })).toBe(400);
  });

  it('search keywords: max 50 characters, at most 20, empty ignored, duplicates ignored case-insensitively', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `keyword ${i}`);
    expect(await saveStatus({ keywords: ['k'.repeat(TAG_LENGTH_MAX)] })).toBe(200);
    expect(await saveStatus({ keywords: ['k'.repeat(TAG_LENGTH_MAX + 1)] })).toBe(400);
    expect(await saveStatus({ keywords: words(TAGS_PER_CONTENT_MAX) })).toBe(200);
    expect(await saveStatus({ keywords: words(TAGS_PER_CONTENT_MAX + 1) })).toBe(400);
    // 21 sent, but one is a duplicate in other case and two are empty: 20 remain.
    expect(await saveStatus({ keywords: [...words(TAGS_PER_CONTENT_MAX), 'KEYWORD 3', '', '   '] })).toBe(
      200,
    );
    expect(await saveStatus({ keywords: [' XSS ', 'xss', '', 'Injection', 'INJECTION'] })).toBe(200);
    expect((await load(tree.lab)).keywords).toEqual(['XSS', 'Injection']);
  });

  it('tags and levels are the enumerations, each at most once', async () => {
    expect(await saveStatus({ tags: ['lab', 'uncurated'] })).toBe(200);
    expect(await saveStatus({ tags: ['lab', 'lab'] })).toBe(400);
    expect(await saveStatus({ tags: ['secret'] })).toBe(400);
    expect(await saveStatus({ categories: ['kindergarten'] })).toBe(400);
    expect(await saveStatus({ educationLevels: ['phd'] })).toBe(400);
    expect(await saveStatus({ status: 'deleted' })).toBe(400);
  });

  it('last-curated dates: YYYY-MM-DD, real dates, not later than today', async () => {
    const today = latestToday();
    const dates = (courseware: string | null, environment: string | null = null) => ({
      lastCuratedTimestamps: { courseware, environment },
    });
    expect(await saveStatus(dates(today, today))).toBe(200);
    expect((await load(tree.lab)).lastCuratedTimestamps).toEqual({ courseware: today, environment: today });
    expect(await saveStatus(dates(dayAfter(today)))).toBe(400);
    expect(await saveStatus(dates(null, dayAfter(today)))).toBe(400);
    expect(await saveStatus(dates('2024-02-30'))).toBe(400);
    expect(await saveStatus(dates('2024-2-3'))).toBe(400);
    expect(await saveStatus(dates('yesterday'))).toBe(400);
    expect(await saveStatus(dates(null, null))).toBe(200);
  });

  it('refuses stray types with 400, never 500', async () => {
    for (const overrides of [
      { name: 42 },
      { keywords: 'xss' },
      { keywords: [1, 2] },
      { sections: [{ name: 'S' }] },
      { version: 'one' },
      { lastCuratedTimestamps: null },
    ]) {
      expect(await saveStatus(overrides), JSON.stringify(overrides)).toBe(400);
    }
  });
});

describe('000 §5 contributor rules', () => {
  const person = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    school: 'Analytical Engine College',
    email: 'ada@example.edu',
    ...overrides,
  });

  it('firstName, lastName, school and email are required; e-mail must be valid', async () => {
    const res = await call('POST', '/api/v1/contributors', person({ title: 'Professor', prefix: 'Dr.' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Ada',
      prefix: 'Dr.',
      middleName: null,
      email: 'ada@example.edu',
    });
    for (const field of ['firstName', 'lastName', 'school', 'email'] as const) {
      expect((await call('POST', '/api/v1/contributors', person({ [field]: '' }))).statusCode, field).toBe(
        400,
      );
      const { [field]: _omitted, ...rest } = person();
      expect((await call('POST', '/api/v1/contributors', rest)).statusCode, field).toBe(400);
    }
    for (const email of ['not-an-email', 'a@', '@b.edu', 'a b@c.edu']) {
      expect((await call('POST', '/api/v1/contributors', person({ email }))).statusCode, email).toBe(400);
    }
  });

  it('each field at most 1000 characters', async () => {
    for (const field of ['prefix', 'firstName', 'middleName', 'lastName', 'suffix', 'title', 'school']) {
      expect(
        (await call('POST', '/api/v1/contributors', person({ [field]: 'n'.repeat(CONTRIBUTOR_FIELD_MAX) })))
          .statusCode,
        field,
      ).toBe(201);
      expect(
        (
          await call(
            'POST',
            '/api/v1/contributors',
            person({ [field]: 'n'.repeat(CONTRIBUTOR_FIELD_MAX + 1) }),
          )
        ).statusCode,
        field,
      ).toBe(400);
    }
    const domain = '@example.edu';
    const longest = `${'e'.repeat(64)}@${'d'.repeat(CONTRIBUTOR_FIELD_MAX - 64 - 1 - domain.length)}${domain}`;
    expect(longest).toHaveLength(CONTRIBUTOR_FIELD_MAX);
    expect((await call('POST', '/api/v1/contributors', person({ email: `x${longest}` }))).statusCode).toBe(
      400,
    );
  });

  it('updates a contributor; unknown ids and portraits are refused', async () => {
    const created = (await call('POST', '/api/v1/contributors', person())).json();
    const res = await call(
      'PUT',
      `/api/v1/contributors/${created.id}`,
      person({ school: 'New School', title: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, school: 'New School', title: null });
    expect(
      (await call('PUT', '/api/v1/contributors/00000000-0000-4000-8000-000000000000', person())).statusCode,
    ).toBe(404);
    const portrait = await call(
      'PUT',
      `/api/v1/contributors/${created.id}`,
      person({ portraitFileId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(portrait.statusCode).toBe(400);
    expect(portrait.json().details.issues[0].field).toBe('body.portraitFileId');
    const withFile = await call(
      'PUT',
      `/api/v1/contributors/${created.id}`,
      person({ portraitFileId: tree.fileId }),
    );
    expect(withFile.json().portraitFileId).toBe(tree.fileId);
  });
});

describe('sanitising rich text', () => {
  const PAYLOADS = [
    '<script>alert("s")</script>',
    '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
    '<p onclick="alert(1)" onmouseover="alert(2)">Click</p>',
    '<img src="https://example.org/x.png" onerror="alert(3)">',
    '<img src=x onerror=alert(4)>',
    '<a href="javascript:alert(5)">js link</a>',
    '<a href="JaVaScRiPt:alert(6)">mixed case</a>',
    '<a href="java&#x09;script:alert(7)">entity</a>',
    '<a href=" javascript:alert(8)">leading space</a>',
    '<iframe src="javascript:alert(9)"></iframe>',
    '<svg onload="alert(10)"><circle r="1"/></svg>',
    '<svg><script>alert(11)</script></svg>',
    '<svg><a xlink:href="javascript:alert(12)"><text>x</text></a></svg>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMTMpPjwvc3ZnPg==">',
    '<object data="data:image/svg+xml,<svg onload=alert(14)>"></object>',
    '<embed src="https://evil.example/x.svg">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(15)>',
    '<style>body{background:url("javascript:alert(16)")}</style>',
    '<form action="javascript:alert(17)"><button>go</button></form>',
    '<div style="background-image:url(javascript:alert(18))">styled</div>',
    '<body onload=alert(19)>',
    '<details open ontoggle=alert(20)>',
  ];
  const FORBIDDEN = [
    /<script/i,
    /\bon[a-z]+\s*=/i,
    /javascript:/i,
    /<svg/i,
    /data:image\/svg/i,
    /<object/i,
    /<embed/i,
    /<style/i,
    /<form/i,
    /style=/i,
  ];

  const expectClean = (html: string) => {
    for (const pattern of FORBIDDEN) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
  };

  it('keeps what the editor makes and drops scripts, handlers, javascript: URLs and SVG, on create and save', async () => {
    const dirty = `<p>Keep <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>strike</s>.</p><h2>Heading</h2><ul><li><p>item</p></li></ul><p><a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">safe link</a></p>${PAYLOADS.join('')}`;
    const created = await call(
      'POST',
      '/api/v1/content',
      createBody({
        description: dirty,
        sections: [{ name: 'Objectives', description: dirty }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const item = await load(created.json().id);
    for (const html of [item.description, item.sections[0]!.description]) {
      expectClean(html);
      expect(html).toContain('<strong>bold</strong>');
      expect(html).toContain('<u>under</u>');
      expect(html).toContain('<s>strike</s>');
      expect(html).toContain('<h2>Heading</h2>');
      expect(html).toContain('href="https://example.org"');
    }

    const saved = await call('PUT', `/api/v1/content/${item.id}`, {
      ...toUpdateRequest(item),
      description: `<p>Saved</p>${PAYLOADS.join('')}`,
    });
    expect(saved.statusCode).toBe(200);
    const again = await load(item.id);
    expectClean(again.description);
    // Nor through search summaries or the raw response.
    const raw = (await call('GET', `/api/v1/content/${item.id}`)).body;
    for (const pattern of [/<script/i, /javascript:/i, /onerror/i, /onload/i, /<svg/i])
      expect(raw).not.toMatch(pattern);
  });

  it('refuses each payload on its own as a blank description or stores it harmless', async () => {
    for (const payload of PAYLOADS) {
      const res = await call('POST', '/api/v1/content', createBody({ description: `<p>x</p>${payload}` }));
      expect(res.statusCode, payload).toBe(201);
      expectClean((await load(res.json().id)).description);
    }
  });
});
