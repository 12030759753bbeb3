/**
 * Link previews (issue 22): a courseware item's address pasted into Facebook or Slack is fetched by
 * their bots, which run no JavaScript and read the page's head only. The head the server writes must
 * carry the item's real title and description, its one address (og:url and the canonical URL), and
 * the same in both brand variants.
 */
import { expect, test, type APIResponse } from '@playwright/test';

const ITEM_ALIAS = 'hacktivity-lab-sheets/web-security/web-security-cross-site-scripting';
const BOTS = [
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
];

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decode = (value: string) => value.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** The text of an HTML fragment: each tag becomes a space (scanned, not matched by a pattern). */
function withoutTags(html: string): string {
  let text = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) return text + html.slice(at);
    text += `${html.slice(at, open)} `;
    const close = html.indexOf('>', open);
    at = close < 0 ? html.length : close + 1;
  }
  return text;
}

/** What a bot reads from a page: its meta tags by name or property, the title and the canonical URL. */
async function headOf(res: APIResponse) {
  const html = await res.text();
  const metas = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g))
    metas.set(m[1]!, decode(m[2]!));
  return {
    meta: (key: string) => metas.get(key),
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
  };
}

for (const bot of BOTS) {
  test(`a courseware item's link preview as ${bot.split(' ')[0]} reads it`, async ({ request, baseURL }) => {
    const item = (await (await request.get(`/api/v1/content/${encodeURIComponent(ITEM_ALIAS)}`)).json()) as {
      name: string;
      description: string;
    };
    const res = await request.get(`/courseware/${ITEM_ALIAS}`, { headers: { 'user-agent': bot } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const head = await headOf(res);
    const address = `${baseURL}/courseware/${ITEM_ALIAS}`;

    expect(head.meta('og:title')).toBe(item.name);
    expect(head.title).toContain(item.name);
    // The description as plain text, cut at a word where it is long.
    const text = decode(withoutTags(item.description));
    const description = head.meta('og:description') ?? '';
    expect(description.length).toBeGreaterThan(20);
    expect(text.replace(/\s+/g, '')).toContain(description.replace(/…$/, '').replace(/\s+/g, ''));
    expect(head.meta('description')).toBe(description);
    expect(head.meta('og:url')).toBe(address);
    expect(head.canonical).toBe(address);
    expect(head.meta('og:site_name')).toBeTruthy();
    expect(head.meta('twitter:card')).toBe('summary');
  });
}

test('a link preview of a hidden item gets the site, not the item', async ({ request }) => {
  const res = await request.get('/courseware/seed-labs/ctf-labs', { headers: { 'user-agent': BOTS[0]! } });
  const head = await headOf(res);
  expect(head.canonical).toBeUndefined();
  expect(head.meta('og:url')).toBeUndefined();
  // The site's own name and description, as on the home page: nothing of the unpublished module.
  const home = await headOf(await request.get('/', { headers: { 'user-agent': BOTS[0]! } }));
  expect(head.title).toBe(home.title);
  expect(head.meta('og:title')).toBe(home.meta('og:site_name'));
  expect(head.meta('og:description')).toBe(home.meta('og:description'));
});
