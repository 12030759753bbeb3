import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH_STATE, hasSearchCriteria, readSearchState, writeSearchState } from './search-state';

describe('search state in the address', () => {
  it('round-trips every key of 000 §2, and cybok (issue 25)', () => {
    const query =
      'q=phishing&edu=highschool&exp=beginner%2Cadvanced&cat=lesson&ksas=ksa-K0004&kus=ku-BCY&tkss=tks-T0084&cybok=cybok-WAM%2Ccybok-SS&cid=5f0c8a2e-1b3d-4c5e-8f70-000000000001&role=PD-WRL-007&new=true&tag=homework';
    const state = readSearchState(new URLSearchParams(query));
    expect(state).toEqual({
      q: 'phishing',
      educationLevels: ['highschool'],
      experienceLevels: ['beginner', 'advanced'],
      contentCategories: ['lesson'],
      ksaIds: ['ksa-K0004'],
      kuIds: ['ku-BCY'],
      tksIds: ['tks-T0084'],
      cybokIds: ['cybok-WAM', 'cybok-SS'],
      contributorIds: ['5f0c8a2e-1b3d-4c5e-8f70-000000000001'],
      workRole: 'PD-WRL-007',
      newOrUpdatedContent: true,
      tags: ['homework'],
    });
    expect(writeSearchState(state).toString()).toBe(query);
  });

  it('drops a one-character keyword and unknown values', () => {
    const state = readSearchState(new URLSearchParams('q=a&edu=college&tag=lab,lab&role=PD-WRL-7'));
    expect(state.q).toBe('');
    expect(state.workRole).toBe('');
    expect(state.educationLevels).toEqual([]);
    expect(state.tags).toEqual(['lab']);
  });

  it('knows search mode', () => {
    expect(hasSearchCriteria(EMPTY_SEARCH_STATE)).toBe(false);
    expect(hasSearchCriteria({ ...EMPTY_SEARCH_STATE, newOrUpdatedContent: true })).toBe(true);
    expect(hasSearchCriteria({ ...EMPTY_SEARCH_STATE, kuIds: ['ku-BCY'] })).toBe(true);
  });
});
