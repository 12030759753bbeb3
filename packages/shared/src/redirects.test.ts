import { describe, expect, it } from 'vitest';
import { checkRedirect, withQuery } from './redirects.js';

const ORIGINS = { publicBaseUrl: 'https://portal.example.edu', exerciseAreaUrl: 'https://range.example.edu' };
const PORTAL_ONLY = { publicBaseUrl: 'https://portal.example.edu' };

describe('checkRedirect', () => {
  it.each([
    ['/courseware/x?y=1#z', '/courseware/x?y=1#z'],
    ['/', '/'],
    ['https://portal.example.edu/news', '/news'],
    ['HTTPS://PORTAL.EXAMPLE.EDU/news', '/news'],
    ['/a/../b', '/b'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['courseware', '/courseware'],
    ['?q=1', '/?q=1'],
    // The same scheme without slashes is a relative path (WHATWG URL): it stays on the portal.
    ['https:evil.example', '/evil.example'],
  ])('hands on %j as the portal path %j', (target, href) => {
    expect(checkRedirect(target, ORIGINS)).toEqual({ destination: 'portal', href });
  });

  it('hands on an exercise-area address as its absolute URL, only where allowed', () => {
    expect(checkRedirect('https://RANGE.example.edu/start?x=1', ORIGINS)).toEqual({
      destination: 'exercise-area',
      href: 'https://range.example.edu/start?x=1',
    });
    expect(checkRedirect('https://range.example.edu/start', PORTAL_ONLY)).toBeNull();
  });

  it.each([
    '',
    '//evil.example',
    '/.//evil.example',
    '/%2e//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    ' /x',
    'http:evil.example',
    'https://user@portal.example.edu/',
    'javascript:alert(1)',
    'data:text/html,x',
    'https://range.example.edu.evil.example/',
    'http://range.example.edu/',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (target) => {
    expect(checkRedirect(target, ORIGINS)).toBeNull();
  });

  it('refuses what is not a string, and every target when the portal address is not one', () => {
    expect(checkRedirect(undefined, ORIGINS)).toBeNull();
    expect(checkRedirect(['/x'], ORIGINS)).toBeNull();
    expect(checkRedirect('/x', { publicBaseUrl: 'not a url' })).toBeNull();
  });
});

describe('withQuery', () => {
  it('adds parameters and keeps the destination', () => {
    const portal = checkRedirect('/courseware?q=1#top', ORIGINS)!;
    expect(withQuery(portal, { s: 'code' }, ORIGINS).href).toBe('/courseware?q=1&s=code#top');
    const range = checkRedirect('https://range.example.edu/start', ORIGINS)!;
    expect(withQuery(range, { s: 'code' }, ORIGINS).href).toBe('https://range.example.edu/start?s=code');
  });
});
