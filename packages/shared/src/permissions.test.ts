import { describe, expect, it } from 'vitest';
import { ROLE_CLAIMS, VISITOR_PERMISSIONS, derivePermissions, scopeMatches } from './permissions.js';

describe('derivePermissions', () => {
  it('gives a visitor nothing', () => {
    expect(Object.values(VISITOR_PERMISSIONS).every((v) => v === false)).toBe(true);
  });

  it('maps each role as DESIGN.md says', () => {
    const student = derivePermissions(ROLE_CLAIMS.student, true);
    expect(student.IsLogin).toBe(true);
    expect(student.CanViewFiles).toBe(false);
    expect(student.CanViewExerciseArea).toBe(false);

    const faculty = derivePermissions(ROLE_CLAIMS.faculty, true);
    expect(faculty).toMatchObject({
      CanViewFiles: true,
      CanViewLessonFiles: true,
      CanListLessons: true,
      CanListCourses: true,
      CanSendContentFeedback: true,
      CanRequestCourseSupport: true,
      CanViewExerciseArea: true,
      CanUpdateContent: false,
      CanDeleteContent: false,
    });

    const editor = derivePermissions(ROLE_CLAIMS.contenteditor, true);
    expect(editor).toMatchObject({
      CanUpdateContent: true,
      CanDeleteContent: true,
      CanViewArchivedContent: true,
      CanImpersonate: false,
    });

    const admin = derivePermissions(ROLE_CLAIMS.admin, true);
    expect(Object.entries(admin).filter(([, v]) => !v)).toEqual([]);
  });

  it('needs a session: the same claims give nothing when signed out', () => {
    expect(derivePermissions(ROLE_CLAIMS.admin, false)).toEqual(VISITOR_PERMISSIONS);
  });

  it('needs the courseware subscription as well as the file scope to view files', () => {
    const withoutProduct = ROLE_CLAIMS.faculty.filter((c) => c.type !== 'product');
    expect(derivePermissions(withoutProduct, true).CanViewFiles).toBe(false);
  });

  it('matches scopes when undefined, any, or listed', () => {
    expect(scopeMatches({ type: 't', value: 'v' }, 'lesson')).toBe(true);
    expect(scopeMatches({ type: 't', value: 'v', scopes: ['any'] }, 'lesson')).toBe(true);
    expect(scopeMatches({ type: 't', value: 'v', scopes: ['courseware'] }, 'lesson')).toBe(false);
  });
});
