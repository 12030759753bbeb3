import { describe, expect, it } from 'vitest';
import {
  IMAGE_LINK,
  PAGE_OR_WEB_LINK,
  PAGE_WEB_OR_MAIL_LINK,
  WEB_LINK,
  WEB_OR_MAIL_LINK,
  isLinkUrl,
  linkUrlSchema,
} from './common.js';

const ALL_RULES = [WEB_LINK, WEB_OR_MAIL_LINK, PAGE_OR_WEB_LINK, PAGE_WEB_OR_MAIL_LINK, IMAGE_LINK];

describe('isLinkUrl', () => {
  it('never admits a link that runs script, shows a data: document or leaves through a trick', () => {
    const bad = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      ' javascript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '&#106;avascript:alert(1)',
      'javascript&colon;alert(1)',
      '//evil.example',
      '/\\evil.example',
      'https:evil.example',
      'https://ok.example/\u0085',
      'https://',
      'mailto:',
      '',
    ];
    for (const rules of ALL_RULES) {
      for (const link of bad) expect(isLinkUrl(link, rules), JSON.stringify(link)).toBe(false);
    }
  });

  it('admits each field its own schemes and, where allowed, paths of this site', () => {
    expect(isLinkUrl('https://example.org/a?b=c#d', WEB_LINK)).toBe(true);
    expect(isLinkUrl('HTTP://example.org', WEB_LINK)).toBe(true);
    expect(isLinkUrl('/events', WEB_LINK)).toBe(false);
    expect(isLinkUrl('mailto:range@example.edu', WEB_LINK)).toBe(false);
    expect(isLinkUrl('mailto:range@example.edu', WEB_OR_MAIL_LINK)).toBe(true);
    expect(isLinkUrl('/events', PAGE_OR_WEB_LINK)).toBe(true);
    expect(isLinkUrl('mailto:range@example.edu', PAGE_OR_WEB_LINK)).toBe(false);
    expect(isLinkUrl('/events', PAGE_WEB_OR_MAIL_LINK)).toBe(true);
    expect(isLinkUrl('mailto:range@example.edu', PAGE_WEB_OR_MAIL_LINK)).toBe(true);
    expect(isLinkUrl('/files/a.png', IMAGE_LINK)).toBe(true);
  });

  it('takes linear time on a long address', () => {
    const start = Date.now();
    expect(isLinkUrl(`https://example.org/${'a'.repeat(1_000_000)}`, WEB_LINK)).toBe(true);
    expect(Date.now() - start).toBeLessThan(100);
  });
});

describe('linkUrlSchema', () => {
  it('trims, refuses with the field message and limits the length', () => {
    const schema = linkUrlSchema(WEB_LINK, 30);
    expect(schema.parse('  https://example.org  ')).toBe('https://example.org');
    expect(schema.safeParse('\njavascript:alert(1)').error?.issues[0]?.message).toBe(WEB_LINK.message);
    expect(schema.safeParse(`https://${'a'.repeat(30)}`).success).toBe(false);
    expect(schema.parse('')).toBe('');
  });
});
