import { describe, expect, it } from 'vitest';
import { crumbsOf } from './site-breadcrumbs';

describe('crumbsOf (001 §2 Breadcrumbs)', () => {
  it('starts with Home and turns hyphens into spaces, underscores too in the last segment', () => {
    expect(crumbsOf('/call-for-courseware/content_categories')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Call for courseware', href: '/call-for-courseware' },
      { label: 'Content categories', href: '/call-for-courseware/content_categories' },
    ]);
  });
  it('keeps underscores before the last segment and survives a malformed escape', () => {
    expect(crumbsOf('/knowledge_base/%E0%A4%A').map((crumb) => crumb.label)).toEqual([
      'Home',
      'Knowledge_base',
      '%E0%A4%A',
    ]);
  });
});
