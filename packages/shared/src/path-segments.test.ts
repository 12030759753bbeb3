import { describe, expect, it } from 'vitest';
import { encodeSegments, normaliseIdOrAlias } from './path-segments.js';
import { idOrAliasKey } from './patterns.js';

describe('path segments', () => {
  it('normalises an id or alias to its lookup form', () => {
    expect(normaliseIdOrAlias(' /Intro-To/XSS/ ')).toBe('intro-to/xss');
    expect(normaliseIdOrAlias('//')).toBe('');
  });

  it('tells an id from an alias after normalising', () => {
    expect(idOrAliasKey('/0A1B2C3D-0000-4000-8000-000000000001/')).toEqual({
      id: '0a1b2c3d-0000-4000-8000-000000000001',
    });
    expect(idOrAliasKey('Web/XSS-Lab')).toEqual({ alias: 'web/xss-lab' });
  });

  it('encodes each segment but keeps the slashes between them', () => {
    expect(encodeSegments('/a b/c?d//e/')).toBe('a%20b/c%3Fd/e');
  });
});
