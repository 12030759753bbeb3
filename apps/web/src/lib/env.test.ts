import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '@portal/shared/schemas/site';
import { mockApi } from '../testing/mock-api';
import { DEFAULT_ENV, fetchEnv, readInlineEnv } from './env';

const SERVED = { ...DEFAULT_ENV, brand: 'state', supportEmail: 'help@state.example.gov' } as const;

/** Writes the block the server puts into the page. */
function inlineEnv(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'env';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => document.getElementById('env')?.remove());

describe('the site configuration at start-up', () => {
  it('reads the block the server wrote into the page without a request', async () => {
    inlineEnv(JSON.stringify({ ...SERVED, features: { ...FEATURE_FLAG_DEFAULTS, news: false } }));
    const { requests } = mockApi({});
    const env = await fetchEnv();
    expect(env.brand).toBe('state');
    expect(env.features.news).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it('fetches /dist/env.json when the page has no block or a broken one', async () => {
    const { requests } = mockApi({ 'GET /dist/env.json': () => SERVED });
    expect((await fetchEnv()).supportEmail).toBe('help@state.example.gov');
    inlineEnv('{"brand": "nowhere"');
    expect(await readInlineEnv()).toBeUndefined();
    expect((await fetchEnv()).brand).toBe('state');
    expect(requests.map((r) => r.url.pathname)).toEqual(['/dist/env.json', '/dist/env.json']);
  });
});
