import { describe, expect, it } from 'vitest';
import { MESSAGES } from './errors.js';
import { SEARCH_TEXT_MAX } from './limits.js';
import { isKnowledgeId, isUuid, isWorkRoleId } from './patterns.js';
import { UuidSchema } from './schemas/common.js';
import { SearchTextSchema } from './schemas/courseware.js';
import { KnowledgeIdSchema, WorkRoleIdSchema } from './schemas/knowledge.js';
import { searchTextError, searchTextOf } from './search-url.js';

// The browser reads /courseware's address with these zod-free rules (issue 22); the API checks the same
// values with the schemas. They must agree, value for value.
const TEXTS = [
  '',
  ' ',
  'a',
  ' a ',
  'ab',
  '  phishing  ',
  'x'.repeat(SEARCH_TEXT_MAX),
  'x'.repeat(SEARCH_TEXT_MAX + 1),
];
const KNOWLEDGE_IDS = [
  'tks-T0084',
  'ksa-K0001',
  'ku-BCY',
  'cybok-WAM',
  'cybok-',
  'TKS-T0084',
  'tks-T 1',
  `tks-${'1'.repeat(61)}`,
  `tks-${'1'.repeat(60)}`,
];
const WORK_ROLE_IDS = ['PD-WRL-007', 'pd-wrl-007', 'PD-WRL-07', 'PDX-WRL-007', ''];
const UUIDS = [
  '11111111-1111-1111-1111-111111111111',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '7ccadbdd-7e03-9fba-813a-e0f3d6bd3221',
  '7ccadbdd-7e03-4fba-c13a-e0f3d6bd3221',
  '7ccadbdd-7e03-4fba-813a-e0f3d6bd3221',
  '7CCADBDD-7E03-4FBA-813A-E0F3D6BD3221',
  '7ccadbdd7e034fba813ae0f3d6bd3221',
  'x',
];

describe('the address rules without zod', () => {
  it('take and refuse the same search texts as SearchTextSchema, with its messages', () => {
    for (const text of TEXTS) {
      const parsed = SearchTextSchema.safeParse(text);
      expect(searchTextOf(text)).toBe(parsed.success ? parsed.data : null);
      expect(searchTextError(text)).toBe(parsed.success ? null : parsed.error.issues[0]?.message);
    }
    expect(searchTextError('a')).toBe(MESSAGES.searchMin);
  });

  it('take the same knowledge ids, work role ids and uuids as the schemas', () => {
    for (const id of KNOWLEDGE_IDS) expect(isKnowledgeId(id)).toBe(KnowledgeIdSchema.safeParse(id).success);
    for (const id of WORK_ROLE_IDS) expect(isWorkRoleId(id)).toBe(WorkRoleIdSchema.safeParse(id).success);
    for (const id of UUIDS) expect(isUuid(id)).toBe(UuidSchema.safeParse(id).success);
  });
});
