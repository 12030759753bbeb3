import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { flatErrors } from '../../../lib/form-errors';
import { latestToday } from '@portal/shared/schemas/courseware';
import { makeContent, makeContributor, uuid } from '../../../testing/fixtures';
import {
  aliasOf,
  draftFromContent,
  emptyDraft,
  toCreateBody,
  toUpdateBody,
  contentDraftResolver,
  type ContentDraft,
} from './content-draft';

const OPTIONS: ResolverOptions<ContentDraft> = { fields: {}, shouldUseNativeValidation: false };
/** The form's issues of a draft, keyed by field path. */
async function validate(draft: ContentDraft, mode: 'create' | 'edit') {
  const { errors } = await contentDraftResolver(mode)(draft, undefined, OPTIONS);
  return flatErrors(errors, '');
}

describe('content draft', () => {
  it('saves an unchanged item as exactly what was loaded, with its version', async () => {
    const person = makeContributor();
    const content = makeContent({
      version: 7,
      contributors: [person],
      sections: [{ id: uuid(), name: 'Objectives', description: '<p>x</p>', index: 0 }],
    });
    const body = toUpdateBody(draftFromContent(content));
    expect(body).toMatchObject({
      name: content.name,
      urlAlias: content.urlAlias,
      version: 7,
      contributorIds: [person.id],
      sections: [{ id: content.sections[0]!.id, name: 'Objectives', description: '<p>x</p>' }],
      deletedFileIds: [],
    });
    expect(await validate(draftFromContent(content), 'edit')).toEqual({});
  });

  it('starts create mode unpublished with the draft learning objectives; the alias follows the name', () => {
    const draft = emptyDraft();
    expect(draft.status).toBe('unpublished');
    expect(draft.sections.map((s) => s.name)).toEqual(['Learning objectives']);
    const named = { ...draft, name: 'Intro to Web Security: XSS & CSRF', description: '<p>Hi</p>' };
    expect(aliasOf(named)).toBe('intro-to-web-security-xss-csrf');
    expect(toCreateBody(named).urlAlias).toBe('intro-to-web-security-xss-csrf');
    expect(aliasOf({ ...named, urlAlias: 'custom/alias', isAliasEdited: true })).toBe('custom/alias');
  });

  it('names every invalid field with the shared schemas (000 §5)', async () => {
    const draft = {
      ...emptyDraft(),
      name: '',
      description: '<p></p>',
      keywords: ['k'.repeat(51)],
      lastCuratedTimestamps: { courseware: '2999-01-01', environment: latestToday() },
      children: [{ name: ' ' }],
    };
    const errors = await validate(draft, 'create');
    expect(errors.name).toBe('Name is required.');
    expect(errors.description).toBe('Description is required.');
    expect(errors['keywords.0']).toBe('A search keyword may be at most 50 characters.');
    expect(errors['lastCuratedTimestamps.courseware']).toBe('The date may not be later than today.');
    expect(errors['lastCuratedTimestamps.environment']).toBeUndefined();
    expect(errors['children.0.name']).toBe('Name is required.');
  });
});
