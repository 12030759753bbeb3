import { describe, expect, it } from 'vitest';
import { isDocumentLink, isServerPath } from './server-paths.js';

describe('isServerPath', () => {
  it.each([
    '/api/v1/events/capture-the-flag/calendar.ics',
    '/api/v1/coverage/export',
    '/API/v1/coverage/export',
    '/auth/login?redirect=%2F',
    '/dist/env.json',
    '/assets/index-abc123.js',
    '/.well-known/jwks.json',
    '/news/feed.xml',
    '/news/feed.xml?format=rss',
    '/sitemap.xml',
    '/sitemap/2.xml',
    '/robots.txt',
    '/conference-2018/sharing-courseware.txt',
    '/favicon.svg',
    '/metrics',
    '/lti/login',
    '/lti/sign-on?launch=x',
  ])('gives %s to the server', (path) => {
    expect(isServerPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/courseware',
    '/courseware?creating=1',
    '/courseware/hacktivity-lab-sheets/web-security',
    '/news',
    '/news/news-feed-for-your-reader',
    '/events/capture-the-flag',
    '/coverage',
    '/admin/users',
    '/lti/start',
    '/lti/deep-linking/0a1b',
    '/apis',
    '/metrics-explained',
    '/community#part.2',
  ])('leaves %s to the app', (path) => {
    expect(isServerPath(path)).toBe(false);
  });
});

describe('isDocumentLink', () => {
  it.each([
    'https://example.org/x',
    'HTTP://example.org',
    'mailto:someone@example.edu',
    'tel:+15555550100',
    '//example.org/x',
    '/api/v1/coverage/export',
    '/news/feed.xml',
  ])('makes %s a plain link', (href) => {
    expect(isDocumentLink(href)).toBe(true);
  });

  it.each(['/courseware?q=xss', '/events', '?page=2', '#main', 'item', ''])(
    'lets the router follow %j',
    (href) => {
      expect(isDocumentLink(href)).toBe(false);
    },
  );
});
