import { describe, expect, it } from 'vitest';
import { SEARCH_URL_KEYS, SearchContentQuerySchema } from './courseware.js';
import { MESSAGES } from '../errors.js';

describe('SearchContentQuerySchema', () => {
  it('reads comma lists and booleans from a query string', () => {
    const parsed = SearchContentQuerySchema.parse({
      q: '  xss  ',
      educationLevels: 'highschool,graduatestudent',
      tags: ['lab', 'quizzes'],
      newOrUpdatedContent: '1',
    });
    expect(parsed).toMatchObject({
      q: 'xss',
      educationLevels: ['highschool', 'graduatestudent'],
      tags: ['lab', 'quizzes'],
      newOrUpdatedContent: true,
      limit: 10,
    });
  });

  it('refuses one character, more than 256, and unknown enumeration values', () => {
    const short = SearchContentQuerySchema.safeParse({ q: 'a' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(MESSAGES.searchMin);
    expect(SearchContentQuerySchema.safeParse({ q: 'a'.repeat(256) }).success).toBe(true);
    expect(SearchContentQuerySchema.safeParse({ q: 'a'.repeat(257) }).success).toBe(false);
    expect(SearchContentQuerySchema.safeParse({ experienceLevels: 'expert' }).success).toBe(false);
  });

  it('treats an empty text as no text', () => {
    expect(SearchContentQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('maps every landing-page key of 000 §2 to a filter field', () => {
    expect(Object.keys(SEARCH_URL_KEYS)).toEqual([
      'q',
      'edu',
      'exp',
      'cat',
      'ksas',
      'kus',
      'tkss',
      'cybok',
      'cid',
      'role',
      'new',
      'tag',
    ]);
  });
});
