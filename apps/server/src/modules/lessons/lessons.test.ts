/**
 * Lessons against a real database (000 §3 Lesson, §6 CanListLessons / CanViewLessonFiles, §7 Lesson
 * service): listed in order with their URLs and pages, only with CanListLessons, only for items the
 * caller may open; lesson artifacts downloaded only with CanViewLessonFiles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { lesson } from '../../db/schema/lessons.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer, storeFile } from '../../testing/fixtures.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });
let slidesId: string;
let firstLesson: string;
let hiddenLesson: string;

beforeAll(async () => {
  const slides = await storeFile(ctx.database.db, ctx.fileStore, Buffer.from('%PDF-1.4\nslides\n'), {
    name: 'Slides',
    filename: 'slides.pdf',
    mimeType: 'application/pdf',
    metadataType: 'lesson',
  });
  slidesId = slides.id;
  const rows = await ctx.database.db
    .insert(lesson)
    .values([
      {
        contentId: tree.lab,
        alternateId: 'xss-2',
        name: 'Stored XSS',
        index: 1,
        urls: [{ fileId: tree.fileId, type: 'handout' }],
        pages: [],
      },
      {
        contentId: tree.lab,
        alternateId: 'xss-1',
        name: 'Reflected XSS',
        index: 0,
        urls: [{ fileId: slidesId, type: 'slides' }],
        pages: [{ id: 'p1', urls: [{ fileId: tree.fileId, type: 'figure' }] }],
      },
      { contentId: tree.hidden, alternateId: 'fw-1', name: 'Draft lesson', index: 0 },
    ])
    .returning({ id: lesson.id, name: lesson.name });
  firstLesson = rows.find((r) => r.name === 'Reflected XSS')!.id;
  hiddenLesson = rows.find((r) => r.name === 'Draft lesson')!.id;
});

const get = async (url: string, role?: Role) =>
  ctx.app.inject({ method: 'GET', url, headers: role ? await bearer(ctx.app, accounts[role]) : {} });

describe('lessons', () => {
  it('lists the lessons of an item in order, with their URLs and pages, for faculty', async () => {
    const res = await get(`/api/v1/lessons?contentId=${tree.lab}`, 'faculty');
    expect(res.statusCode).toBe(200);
    expect(res.json().lessons).toEqual([
      {
        id: firstLesson,
        contentId: tree.lab,
        alternateId: 'xss-1',
        name: 'Reflected XSS',
        index: 0,
        urls: [{ fileId: slidesId, type: 'slides' }],
        pages: [{ id: 'p1', urls: [{ fileId: tree.fileId, type: 'figure' }] }],
      },
      expect.objectContaining({
        alternateId: 'xss-2',
        urls: [{ fileId: tree.fileId, type: 'handout' }],
        pages: [],
      }),
    ]);
    const content = await get(`/api/v1/content/${tree.lab}`, 'faculty');
    expect(content.json().lessonCount).toBe(2);
  });

  it('gets one lesson by id', async () => {
    const res = await get(`/api/v1/lessons/${firstLesson}`, 'faculty');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: firstLesson, alternateId: 'xss-1' });
  });

  it('fetches lessons only with CanListLessons: 401 visitor, 403 student', async () => {
    expect((await get(`/api/v1/lessons?contentId=${tree.lab}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/lessons?contentId=${tree.lab}`, 'student')).statusCode).toBe(403);
    expect((await get(`/api/v1/lessons/${firstLesson}`, 'student')).statusCode).toBe(403);
  });

  it('hides the lessons of an unpublished item from faculty, not from editors', async () => {
    expect((await get(`/api/v1/lessons?contentId=${tree.hidden}`, 'faculty')).statusCode).toBe(404);
    expect((await get(`/api/v1/lessons/${hiddenLesson}`, 'faculty')).statusCode).toBe(404);
    const editor = await get(`/api/v1/lessons?contentId=${tree.hidden}`, 'contenteditor');
    expect(editor.json().lessons.map((l: { name: string }) => l.name)).toEqual(['Draft lesson']);
  });

  it('answers an empty list for an item without lessons, 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await get(`/api/v1/lessons?contentId=${tree.module}`, 'faculty')).json()).toEqual({
      lessons: [],
    });
    expect((await get('/api/v1/lessons/00000000-0000-4000-8000-000000000000', 'faculty')).statusCode).toBe(
      404,
    );
    expect(
      (await get('/api/v1/lessons?contentId=00000000-0000-4000-8000-000000000000', 'faculty')).statusCode,
    ).toBe(404);
    expect((await get('/api/v1/lessons/not-an-id', 'faculty')).statusCode).toBe(400);
    expect((await get('/api/v1/lessons', 'faculty')).statusCode).toBe(400);
  });

  it('lets only holders of CanViewLessonFiles download a lesson artifact', async () => {
    const url = `/api/v1/files/${slidesId}/download-url?from=${tree.lab}`;
    expect((await get(url, 'faculty')).statusCode).toBe(200);
    expect((await get(url, 'student')).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });
});
