/**
 * Staging of an uploaded package and listing of a folder on disk (issue 38), the cases a curator
 * meets: a zip of a nested folder tree with Unicode names, junk left by an operating system, Office
 * and EPUB files (zips inside) among the courseware. The attacks are in testing/attacks/package-import.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_DEPTH_MAX } from '@portal/shared/schemas/imports-limits';
import { PackageRefused } from './package.js';
import { removeStaging, stageFolder, stagePackage } from './package-staging.js';
import { zipOf } from '../../testing/zip-of.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const DEMO_COURSE = path.resolve(
  REPO_ROOT,
  process.env['SHARED_DATA_DIR'] ?? path.join('..', 'shared', 'data'),
  'courseware',
  'microsoft-security-101',
);
/** Any execute bit of a file's mode. */
const EXECUTE_BITS = 0o111;
/** A regular file with every execute bit, as a zip of a Unix folder may hold one. */
const EXECUTABLE_FILE_MODE = 0o100755;

let work: string;
let made = 0;
beforeAll(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), 'package-staging-'));
});
afterAll(async () => fsp.rm(work, { recursive: true, force: true }));

/** Stages a zip given as a stream (as from the file store) into a fresh folder under the work folder. */
async function stage(zip: Buffer, signal?: AbortSignal) {
  made += 1;
  const stagingDir = path.join(work, 'staging', `package-${made}`);
  return stagePackage({ source: { open: () => Readable.from([zip]) }, stagingDir, signal });
}

describe('stagePackage', () => {
  it('unpacks a nested folder tree with Unicode names, in the order of the package, as NFC', async () => {
    const tree: [string, string][] = [
      ['Sécurité 101/README.md', '# Sécurité réseau\n'],
      // macOS writes decomposed names: "é" as "e" and a combining accent.
      ['Sécurité 101/01 Cryptographie/Leçon.md'.normalize('NFD'), 'Chiffrement symétrique'],
      ['Sécurité 101/02 网络安全/笔记.txt', '防火墙'],
      ['Sécurité 101/02 网络安全/Лабораторная/задание.md', 'Задание 1'],
      ['Sécurité 101/03 🔐/keys.csv', 'id,key\n1,abc\n'],
    ];
    const staged = await stage(
      await zipOf(tree, { folders: ['Sécurité 101/empty folder/'], mode: EXECUTABLE_FILE_MODE }),
    );
    expect(staged.root).toBe(path.join(work, 'staging', `package-${made}`));
    expect(staged.files).toEqual(
      tree.map(([name, content]) => ({
        path: name.normalize('NFC'),
        size: Buffer.byteLength(content),
        // Hashed while unpacked, so that planning need not read the files again.
        sha256: crypto.createHash('sha256').update(content).digest('hex'),
      })),
    );
    for (const [name, content] of tree) {
      const file = path.join(staged.root, ...name.normalize('NFC').split('/'));
      expect(await fsp.readFile(file, 'utf8')).toBe(content);
      // Written without the execute bits the zip asked for.
      expect((await fsp.stat(file)).mode & EXECUTE_BITS).toBe(0);
    }
    // Nothing is left beside the staging folder: the spooled package is gone.
    expect(await fsp.readdir(path.dirname(staged.root))).toEqual([path.basename(staged.root)]);
    await removeStaging(staged.root);
    expect(fs.existsSync(staged.root)).toBe(false);
  });

  it('skips the junk of macOS and Windows without a word', async () => {
    const staged = await stage(
      await zipOf([
        ['course/notes.md', 'notes'],
        ['__MACOSX/course/._notes.md', 'resource fork'],
        ['course/.DS_Store', 'finder'],
        ['course/images/Thumbs.db', 'thumbnails'],
        ['course/desktop.ini', '[.ShellClassInfo]'],
      ]),
    );
    expect(staged.files).toMatchObject([{ path: 'course/notes.md', size: 5 }]);
    expect(fs.existsSync(path.join(staged.root, '__MACOSX'))).toBe(false);
    expect(await fsp.readdir(path.join(staged.root, 'course'))).toEqual(['notes.md']);
  });

  it('keeps Office, OpenDocument and EPUB files, which are zips inside', async () => {
    const document = await zipOf([
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', '<w:document/>'],
    ]);
    const names = ['slides.pptx', 'handout.docx', 'grades.xlsx', 'notes.odt', 'book.epub'];
    const staged = await stage(await zipOf(names.map((name) => [`course/${name}`, document] as const)));
    expect(staged.files.map((file) => file.path)).toEqual(names.map((name) => `course/${name}`));
    expect(await fsp.readFile(path.join(staged.root, 'course', 'handout.docx'))).toEqual(document);
  });

  it(`takes folders ${IMPORT_DEPTH_MAX} deep below the course, and reads a zip on disk in place`, async () => {
    const deep = ['course', ...Array.from({ length: IMPORT_DEPTH_MAX }, (_, i) => `d${i + 1}`), 'x.md'];
    const file = path.join(work, 'deep.zip');
    await fsp.writeFile(file, await zipOf([[deep.join('/'), 'deep']]));
    const stagingDir = path.join(work, 'staging', 'deep');
    const staged = await stagePackage({ source: { path: file }, stagingDir });
    expect(staged.files).toMatchObject([{ path: deep.join('/'), size: 4 }]);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('leaves nothing staged when aborted', async () => {
    const controller = new AbortController();
    const zip = await zipOf([['course/a.md', 'a']]);
    made += 1;
    const stagingDir = path.join(work, 'staging', `package-${made}`);
    const staging = stagePackage({
      source: { open: () => (controller.abort(), Readable.from([zip])) },
      stagingDir,
      signal: controller.signal,
    });
    await expect(staging).rejects.toThrow(/abort/i);
    expect(fs.existsSync(stagingDir)).toBe(false);
    expect(fs.existsSync(`${stagingDir}.zip`)).toBe(false);
  });

  it('refuses to stage into a folder that holds something', async () => {
    const stagingDir = path.join(work, 'occupied');
    await fsp.mkdir(stagingDir);
    await fsp.writeFile(path.join(stagingDir, 'keep.txt'), 'keep');
    const zip = await zipOf([['course/a.md', 'a']]);
    await expect(stagePackage({ source: { open: () => Readable.from([zip]) }, stagingDir })).rejects.toThrow(
      /ENOTEMPTY|EEXIST/,
    );
    expect(await fsp.readFile(path.join(stagingDir, 'keep.txt'), 'utf8')).toBe('keep');
  });
});

describe('stageFolder', () => {
  it('lists a folder tree in place, sorted, without its junk', async () => {
    const root = path.join(work, 'folder-course');
    await fsp.mkdir(path.join(root, '01 Intro', 'Ressources'), { recursive: true });
    await fsp.writeFile(path.join(root, 'README.md'), '# Course');
    await fsp.writeFile(path.join(root, '01 Intro', 'Leçon.md'), 'leçon');
    await fsp.writeFile(path.join(root, '01 Intro', 'Ressources', 'slides.pptx'), await zipOf([['a', 'b']]));
    await fsp.writeFile(path.join(root, '01 Intro', '.DS_Store'), 'finder');
    const staged = await stageFolder(root);
    expect(staged.root).toBe(await fsp.realpath(root));
    expect(staged.files.map((file) => file.path)).toEqual([
      '01 Intro/Leçon.md',
      '01 Intro/Ressources/slides.pptx',
      'README.md',
    ]);
    expect(staged.files[0]!.size).toBe(Buffer.byteLength('leçon'));
  });

  it('refuses every symbolic link, whether it leaves the folder or not', async () => {
    const root = path.join(work, 'linked-course');
    await fsp.mkdir(root);
    await fsp.writeFile(path.join(root, 'notes.md'), 'notes');
    await fsp.symlink('notes.md', path.join(root, 'inside.md'));
    await expect(stageFolder(root)).rejects.toThrow(
      new PackageRefused(
        'The entry "inside.md" is a symbolic link; a package holds only files and folders. Replace the link with the file it points to and zip the course folder again.',
      ),
    );
    await fsp.rm(path.join(root, 'inside.md'));
    await fsp.symlink('/etc/passwd', path.join(root, 'passwd'));
    await expect(stageFolder(root)).rejects.toThrow(/The entry "passwd" is a symbolic link/);
  });

  it('refuses an archive among the files, by name or by its first bytes', async () => {
    const root = path.join(work, 'archive-course');
    await fsp.mkdir(root);
    await fsp.writeFile(path.join(root, 'handout.pdf'), await zipOf([['a', 'b']]));
    await expect(stageFolder(root)).rejects.toThrow(/The file "handout.pdf" is an archive \(zip\)/);
  });

  it.skipIf(!fs.existsSync(DEMO_COURSE))('lists a demo course of the shared data', async () => {
    const staged = await stageFolder(DEMO_COURSE);
    expect(staged.files.length).toBeGreaterThan(0);
    expect(staged.files.map((file) => file.path)).toContain('README.md');
  });
});
