/**
 * Visibility under hidden ancestors (issue 9): a published item under an unpublished or archived
 * ancestor is hidden with it from whoever may not open that ancestor — by link, in files, bundles and
 * downloads — and no hidden name reaches the breadcrumbs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { content } from '../../db/schema/courseware.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer, storeFile } from '../../testing/fixtures.js';
import { multipart } from '../../testing/multipart.js';

const { ctx, accounts } = useTestApp();
const ids = {
  draftCourse: '',
  lesson: '',
  course: '',
  draftModule: '',
  innerLesson: '',
  lessonFile: '',
  image: '',
};

async function insert(values: typeof content.$inferInsert): Promise<string> {
  const [row] = await ctx.database.db.insert(content).values(values).returning({ id: content.id });
  return row!.id;
}
const item = (name: string, alias: string, status: 'published' | 'unpublished', parentId?: string) => ({
  name,
  urlAlias: alias,
  status,
  description: `<p>${name}</p>`,
  descriptionText: name,
  parentId: parentId ?? null,
});

beforeAll(async () => {
  // An unpublished course with a published lesson in it.
  ids.draftCourse = await insert(item('Secret Draft Course', 'secret-draft-course', 'unpublished'));
  ids.lesson = await insert(
    item('Open Lesson', 'secret-draft-course/open-lesson', 'published', ids.draftCourse),
  );
  // A published course with an unpublished module holding a published lesson, the tree's only file.
  ids.course = await insert(item('Public Course', 'public-course', 'published'));
  ids.draftModule = await insert(
    item('Hidden Module', 'public-course/hidden-module', 'unpublished', ids.course),
  );
  ids.innerLesson = await insert(
    item('Inner Lesson', 'public-course/hidden-module/inner-lesson', 'published', ids.draftModule),
  );
  const file = (metadataId: string, visibility: 'public' | 'private', name: string) =>
    storeFile(ctx.database.db, ctx.fileStore, Buffer.from('GIF89a'), {
      name,
      filename: `${name}.gif`,
      mimeType: 'image/gif',
      visibility,
      metadataType: 'content',
      metadataId,
    });
  ids.lessonFile = (await file(ids.lesson, 'private', 'handout')).id;
  ids.image = (await file(ids.lesson, 'public', 'picture')).id;
  await file(ids.innerLesson, 'private', 'inner-handout');
});

const call = async (role: Role, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: await bearer(ctx.app, accounts[role]) });

describe('a published lesson under an unpublished course', () => {
  it('is 404 for faculty by id, by alias, its files, its bundle, its download link and its image', async () => {
    for (const [method, url] of [
      ['GET', `/api/v1/content/${ids.lesson}`],
      ['GET', `/api/v1/content/${encodeURIComponent('secret-draft-course/open-lesson')}`],
      ['GET', `/api/v1/content/${ids.lesson}/files`],
      ['POST', `/api/v1/content/${ids.lesson}/bundle`],
      ['GET', `/api/v1/files/${ids.lessonFile}/download-url`],
      ['GET', `/api/v1/files/${ids.image}/content`],
      ['GET', `/api/v1/lessons?contentId=${ids.lesson}`],
    ] as const) {
      const res = await call('faculty', method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('opens for a content editor, with the course named in its breadcrumbs', async () => {
    const res = await call('contenteditor', 'GET', `/api/v1/content/${ids.lesson}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().ancestors.map((a: { name: string }) => a.name)).toEqual(['Secret Draft Course']);
  });
});

describe('a published lesson under an unpublished module of a published course', () => {
  it('is absent from the course bundle for faculty (its only file: nothing to bundle) and present for editors', async () => {
    const faculty = await call('faculty', 'POST', `/api/v1/content/${ids.course}/bundle`);
    expect(faculty.statusCode, faculty.body).toBe(422);
    const files = await call('faculty', 'GET', `/api/v1/content/${ids.course}/files?children=true`);
    expect(files.json().files).toEqual([]);
    const editor = await call('contenteditor', 'POST', `/api/v1/content/${ids.course}/bundle`);
    expect([200, 202]).toContain(editor.statusCode);
  });

  it('never names the hidden module to faculty: 404 by link, so no breadcrumb carries it', async () => {
    const res = await call('faculty', 'GET', `/api/v1/content/${ids.innerLesson}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hidden Module');
  });
});

describe('courseware files', () => {
  it('are stored private whatever the upload form says', async () => {
    const body = multipart(
      {
        type: 'application/pdf',
        name: 'Handout',
        visibility: 'public',
        metadataType: 'content',
        metadataId: ids.course,
      },
      { filename: 'handout.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...(await bearer(ctx.app, accounts.contenteditor)), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().publicUrl).toBeNull();
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${res.json().id}/content` });
    expect(visitor.statusCode).toBe(403);
  });
});
