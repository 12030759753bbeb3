import { describe, expect, it } from 'vitest';
import { parseUserCsv } from './parse-user-csv';

describe('parseUserCsv', () => {
  it('reads name, e-mail and role by header, in any order and case', () => {
    const csv =
      '\uFEFFRole,E-mail,Name\r\nfaculty, ivy@school.example ,"Import, Ivy"\r\n\r\nstudent,sam@school.example,Sam\r\n';
    expect(parseUserCsv(csv)).toEqual({
      rows: [
        { name: 'Import, Ivy', email: 'ivy@school.example', role: 'faculty' },
        { name: 'Sam', email: 'sam@school.example', role: 'student' },
      ],
      problems: [],
    });
  });

  it('reads the optional business unit column by any of its names', () => {
    expect(
      parseUserCsv('name,email,role,Business Unit\nIvy,ivy@school.example,faculty, Valley College \n').rows,
    ).toEqual([
      { name: 'Ivy', email: 'ivy@school.example', role: 'faculty', businessUnit: 'Valley College' },
    ]);
    expect(parseUserCsv('name,email,role,Organization\nSam,sam@school.example,student,\n').rows).toEqual([
      { name: 'Sam', email: 'sam@school.example', role: 'student', businessUnit: '' },
    ]);
  });

  it('names missing columns and empty files', () => {
    expect(parseUserCsv('name,role\nA,student\n').problems).toEqual([
      'The first line must name the columns name, email and role; email is missing.',
    ]);
    expect(parseUserCsv('name,email,role\n').problems).toEqual(['The file has no rows.']);
  });

  it('keeps short rows, with empty cells for the server to mark', () => {
    const parsed = parseUserCsv('name,email,role\nOnly Name\n');
    expect(parsed.rows).toEqual([{ name: 'Only Name', email: '', role: '' }]);
    expect(parsed.problems).toEqual([]);
  });

  it('reports broken quoting', () => {
    expect(parseUserCsv('name,email,role\n"Open,a@b.co,student\n').problems).toEqual([
      'The file could not be read: Quoted field unterminated.',
    ]);
  });
});
