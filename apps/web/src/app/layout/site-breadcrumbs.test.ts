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
  it('links a segment only where the app has a page: /newsletter of /newsletter/confirm is text (issue 34)', () => {
    expect(crumbsOf('/newsletter/confirm')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Newsletter', href: null },
      { label: 'Confirm', href: '/newsletter/confirm' },
    ]);
    expect(crumbsOf('/community/cyber-workshops')[1]).toEqual({ label: 'Community', href: '/community' });
  });
});
