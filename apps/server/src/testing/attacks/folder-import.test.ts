/**
 * Attacks on the front matter of an imported folder tree (issue 38 "Hostile packages"), through the
 * import API on a real database: front matter that is not YAML, YAML whose aliases expand a billion
 * times, a README that is not UTF-8, a key the item editor does not have, a value of a type it does not
 * take, and a link with a script scheme. Each becomes an error of the preview that names the file and
 * says what is wrong; the import cannot be started and nothing of the course is written.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CoursewareImportSchema, IMPORT_MESSAGES } from '@portal/shared/schemas/imports';
import { rows } from '../../db/rows.js';
import { startImport, uploadPackage } from '../import-api.js';
import { useTestApp } from '../use-test-app.js';
import { zipOf, type ZipTree } from '../zip-of.js';

const { ctx, as } = useTestApp({ env: { JOB_WORKER: 'false' } });

/** A billion laughs in YAML: nine levels of ten aliases each. */
function yamlLaughs(): string {
  const lines = ['a0: &a0 "lol"'];
  for (let level = 1; level <= 9; level += 1) {
    lines.push(`a${level}: &a${level} [${Array.from({ length: 10 }, () => `*a${level - 1}`).join(', ')}]`);
  }
  return lines.join('\n');
}

/** Uploads a one-item package whose README is `readme`; returns its preview's errors and the import. */
async function errorsOf(readme: string | Buffer) {
  const files: ZipTree = { 'hostile/README.md': readme, 'hostile/notes.txt': 'Notes.\n' };
  const headers = await as('contenteditor');
  const res = await uploadPackage(ctx.app, headers, { filename: 'hostile.zip', content: await zipOf(files) });
  expect(res.statusCode, res.body).toBe(201);
  const created = CoursewareImportSchema.parse(res.json());
  const start = await startImport(ctx.app, headers, created.id);
  expect(start.statusCode).toBe(400);
  expect(start.json().message).toBe(IMPORT_MESSAGES.hasErrors);
  return created.preview.issues.filter((i) => i.severity === 'error').map((i) => `${i.path}: ${i.message}`);
}

describe('hostile front matter in an imported folder tree', () => {
  it('refuses front matter that is not YAML, naming the file and the line', async () => {
    expect(await errorsOf('---\ntitle: "unclosed\nlicense: MIT\n---\nBody')).toEqual([
      expect.stringMatching(/^hostile\/README\.md: The front matter of README\.md is not YAML: .*line \d+/s),
    ]);
  });

  it('refuses YAML whose aliases would expand a billion times, at once', async () => {
    const started = performance.now();
    const errors = await errorsOf(`---\n${yamlLaughs()}\n---\n`);
    expect(errors).toEqual([
      expect.stringMatching(/^hostile\/README\.md: The front matter of README\.md is not YAML: .*alias/is),
    ]);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a README that is not UTF-8', async () => {
    const latin1 = Buffer.from('---\ntitle: Sécurité réseau\n---\nCours.', 'latin1');
    expect(await errorsOf(latin1)).toEqual([
      'hostile/README.md: README.md is not UTF-8 text. Save it as UTF-8 and upload the package again.',
    ]);
  });

  it('refuses keys the item editor does not have, values of the wrong type and a script link', async () => {
    const errors = await errorsOf(
      [
        '---',
        'title: Hostile course',
        'role: admin',
        'tags: { $ne: 1 }',
        'licenseUrl: "javascript:alert(1)"',
        '---',
      ].join('\n'),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'hostile/README.md: Front matter of README.md: unknown key role.',
        expect.stringMatching(
          /^hostile\/README\.md: Front matter of README\.md, tags\.0: tags: choose from /,
        ),
        expect.stringMatching(/^hostile\/README\.md: Front matter of README\.md, licenseUrl: /),
      ]),
    );
    const [written] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM content WHERE name = 'Hostile course'`,
    );
    expect(written!.n).toBe(0);
  });
});
