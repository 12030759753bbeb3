/**
 * News and events through the app on a real database (001 §2, §5, §7, §9; issue 12): who may read
 * and write what, paging by nextPageToken, the limits of 001 §5, sanitised descriptions, the Atom/RSS
 * feed (parsed with fast-xml-parser) and the event's calendar file (parsed with ical.js, its start in
 * its own zone with a VTIMEZONE).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { XMLParser } from 'fast-xml-parser';
import { MESSAGES } from '@portal/shared/errors';
import { NEWS_DATA_MAX } from '@portal/shared/limits';
import { EVENT_NOT_FOUND } from '@portal/shared/schemas/events';
import { NEWS_NOT_FOUND } from '@portal/shared/schemas/news';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';

const { ctx, accounts } = useTestApp({ env: { PUBLIC_BASE_URL: 'https://portal.test' } });
let editor: { authorization: string };

beforeAll(async () => {
  editor = await bearer(ctx.app, accounts.contenteditor);
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers, payload });

const news = (n: number, extra: object = {}) => ({
  name: `Portal note ${n}`,
  description: `<p>Note number ${n}.</p>`,
  status: 'published',
  date: new Date(Date.UTC(2026, 0, n, 15)).toISOString(),
  ...extra,
});

describe('news', () => {
  it('pages published news newest first by nextPageToken; visitors see only published', async () => {
    for (let n = 1; n <= 12; n++)
      expect((await inject('POST', '/api/v1/news', editor, news(n))).statusCode).toBe(201);
    const hidden = await inject(
      'POST',
      '/api/v1/news',
      editor,
      news(28, { status: 'unpublished', name: 'Draft' }),
    );
    expect(hidden.json().status).toBe('unpublished');

    const first = await inject('GET', '/api/v1/news');
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((i: { name: string }) => i.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Portal note ${12 - i}`),
    );
    const second = await inject('GET', `/api/v1/news?pageToken=${first.json().nextPageToken}`);
    expect(second.json().items.map((i: { name: string }) => i.name)).toEqual([
      'Portal note 2',
      'Portal note 1',
    ]);
    expect(second.json().nextPageToken).toBeNull();

    const asEditor = await inject('GET', '/api/v1/news?statuses=unpublished', editor);
    expect(asEditor.json().items.map((i: { name: string }) => i.name)).toEqual(['Draft']);
    const visitorAsks = await inject('GET', '/api/v1/news?statuses=unpublished');
    expect(visitorAsks.json().items.every((i: { status: string }) => i.status === 'published')).toBe(true);
    const draft = await inject('GET', `/api/v1/news/${hidden.json().urlAlias}`);
    expect(draft.statusCode).toBe(404);
    expect(draft.json().message).toBe(NEWS_NOT_FOUND);
  });

  it('opens by alias or id; unique aliases; sanitises the description; edits and deletes by permission', async () => {
    const created = (
      await inject(
        'POST',
        '/api/v1/news',
        editor,
        news(3, { description: '<p onclick="x()">Hi<script>alert(1)</script></p>' }),
      )
    ).json();
    expect(created.urlAlias).toBe('portal-note-3-2');
    expect(created.description).toBe('<p>Hi</p>');
    expect((await inject('GET', `/api/v1/news/${created.id}`)).json().name).toBe('Portal note 3');

    const faculty = await bearer(ctx.app, accounts.faculty);
    expect((await inject('POST', '/api/v1/news', {}, news(40))).statusCode).toBe(401);
    expect((await inject('POST', '/api/v1/news', faculty, news(40))).statusCode).toBe(403);
    expect((await inject('PUT', `/api/v1/news/${created.id}`, faculty, news(40))).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/v1/news/${created.id}`, faculty)).statusCode).toBe(403);

    const edited = await inject(
      'PUT',
      `/api/v1/news/${created.id}`,
      editor,
      news(3, { name: 'Renamed note', externalLink: 'https://example.org/a' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Renamed note',
      urlAlias: 'renamed-note',
      externalLink: 'https://example.org/a',
    });
    expect((await inject('DELETE', `/api/v1/news/${created.id}`, editor)).statusCode).toBe(204);
    expect((await inject('GET', `/api/v1/news/${created.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/v1/news/${created.id}`, editor)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, at the limits of 001 §5', async () => {
    const bad = await inject('POST', '/api/v1/news', editor, {
      ...news(1),
      name: 'x'.repeat(1025),
      description: '<p></p>',
      externalLink: 'javascript:alert(1)',
      date: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().details.issues as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.name', 'body.description', 'body.externalLink', 'body.date']),
    );
    const big = await inject('POST', '/api/v1/news', editor, {
      ...news(1),
      image: `data:image/png;base64,${'A'.repeat(NEWS_DATA_MAX)}`,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().details.issues[0]).toEqual({ field: 'body.image', message: MESSAGES.fileTooLarge });
    expect(
      (await inject('POST', '/api/v1/news', editor, { ...news(1), name: 'n'.repeat(1024) })).statusCode,
    ).toBe(201);
  });

  it('serves an Atom feed of published news, and RSS on request', async () => {
    const atom = await inject('GET', '/news/feed.xml');
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toContain('application/atom+xml');
    const feed = new XMLParser({ ignoreAttributes: false }).parse(atom.body).feed;
    expect(feed.title).toBe('Cyber Range Portal News');
    const entries = [feed.entry].flat() as { title: string; link: { '@_href': string } }[];
    expect(entries.map((e) => e.title)).not.toContain('Draft');
    expect(entries[0]!.link['@_href']).toMatch(/^https:\/\/portal\.test\/news\//);

    const rss = await inject('GET', '/news/feed.xml?format=rss');
    const channel = new XMLParser().parse(rss.body).rss.channel;
    expect([channel.item].flat().length).toBe(entries.length);
  });
});

const event = (extra: object = {}) => ({
  name: 'Capture the flag night',
  description: '<p>Teams play on the range.</p>',
  link: 'https://ctf.example.org',
  location: 'Room 101, Science Hall',
  status: 'published',
  date: '2026-07-04T19:30:00-05:00',
  timeZone: 'America/Chicago',
  ...extra,
});

describe('events', () => {
  it('requires link and location; lists upcoming soonest first; deletes with CanDeleteEvents', async () => {
    const bad = await inject('POST', '/api/v1/events', editor, {
      ...event(),
      link: '',
      location: '',
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().details.issues as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['body.link', 'body.location', 'body.timeZone']));

    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    for (const [name, date] of [
      ['Later', later],
      ['Past', past],
      ['Soon', soon],
    ])
      expect((await inject('POST', '/api/v1/events', editor, event({ name, date }))).statusCode).toBe(201);
    const upcoming = await inject('GET', '/api/v1/events?upcoming=true&pageSize=20');
    expect(upcoming.json().items.map((e: { name: string }) => e.name)).toEqual(['Soon', 'Later']);

    const past1 = (await inject('GET', '/api/v1/events/past')).json();
    const faculty = await bearer(ctx.app, accounts.faculty);
    expect((await inject('DELETE', `/api/v1/events/${past1.id}`, faculty)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/v1/events/${past1.id}`, editor)).statusCode).toBe(204);
    const gone = await inject('GET', `/api/v1/events/${past1.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(EVENT_NOT_FOUND);
  });

  it('offers the event as an .ics whose start keeps its zone, with a VTIMEZONE', async () => {
    const created = (await inject('POST', '/api/v1/events', editor, event())).json();
    const res = await inject('GET', `/api/v1/events/${created.urlAlias}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const vtimezone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(vtimezone.getFirstPropertyValue('tzid')).toBe('America/Chicago');
    ICAL.TimezoneService.register(vtimezone);
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Capture the flag night');
    expect(vevent.location).toBe('Room 101, Science Hall');
    expect(vevent.startDate.zone?.tzid).toBe('America/Chicago');
    expect(vevent.startDate.toString()).toBe('2026-07-04T19:30:00');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-07-05T00:30:00.000Z');
    expect(vevent.description).toContain('Teams play on the range.');
  });
});
