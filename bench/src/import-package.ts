/**
 * The import bench's package (import.ts runs it; issue 38): a folder tree of one course — its modules and
 * their lessons, each folder with a README.md whose front matter gives a title, a licence and tags (the
 * rules of apps/server/src/modules/imports/folder-source.ts) — and files of random bytes spread over the
 * lessons, zipped with yazl; then a second zip of the same tree with some files rewritten, for the
 * re-import of a changed package. The tree is removed once zipped: the zips hold everything.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { createRandom, type Random } from './prng.js';

/** Modules of the course; the other items are lessons, spread evenly over them. */
export const MODULES = 10;
/** The course folder, the package's identifier. */
export const COURSE_FOLDER = 'network-forensics-at-scale';
/** File sizes vary by this fraction either side of the mean. */
const SIZE_SPREAD = 0.5;
/** Extensions of captures and images the portal stores as application/octet-stream (no sniffable type). */
const EXTENSIONS = ['bin', 'img', 'mem', 'raw', 'dat'] as const;
/**
 * The first bytes of every generated file: random first bytes are now and then a signature (gzip's is two
 * bytes: one file in 65,536, so a few per cent of 5,000-file packages would be refused as holding an
 * archive, and a few files in 5,000 would be sniffed as MP3); this head is none.
 */
const FILE_HEAD = Buffer.from('\u0000PORTAL-BENCH\u0000\u0001', 'latin1');
/** Tags a README gives (CONTENT_TAGS), one or two of them. */
const TAGS = ['lab', 'homework', 'quizzes', 'exams'] as const;
const MAX_TAGS = 2;
/** Seed of the sizes and tags: the same package on every run. */
const SEED = 20_261_129;
/** Digits of the numbers in folder and file names, so that they sort as they count. */
const MODULE_DIGITS = 2;
const LESSON_DIGITS = 4;
const FILE_DIGITS = 5;

/** The package's shape: items (course + MODULES modules + lessons), attached files, their bytes together. */
export interface PackageShape {
  items: number;
  files: number;
  bytes: number;
  /** Files rewritten in the changed copy. */
  changedFiles: number;
}

/** The generated package: its attached files (paths relative to the tree's root) and the two zips. */
export interface Package {
  files: { path: string; size: number }[];
  zip: string;
  changedZip: string;
  zipBytes: number;
  /** Milliseconds spent writing the tree, zipping it, and rewriting files and zipping again. */
  generation: { treeMs: number; zipMs: number; changedMs: number };
}

/** A README.md with front matter (ImportFrontMatterSchema) and a paragraph. */
function readme(title: string, random: Random): string {
  const tags = random.sample(TAGS, random.int(1, MAX_TAGS));
  return `---\ntitle: "${title}"\nlicense: CC BY 4.0\ntags: [${tags.join(', ')}]\n---\n\n${title}: captures and images to examine with the tools of the module.\n`;
}

/** `count` sizes in bytes, each within SIZE_SPREAD of the mean, adding up to exactly `total`. */
function sizesOf(count: number, total: number, random: Random): number[] {
  const weights = Array.from({ length: count }, () => 1 - SIZE_SPREAD + 2 * SIZE_SPREAD * random.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((total * w) / sum));
  sizes[count - 1]! += total - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/** Writes a file of `size` random bytes starting with FILE_HEAD. */
async function writeRandom(file: string, size: number): Promise<void> {
  const bytes = crypto.randomFillSync(Buffer.allocUnsafe(size));
  FILE_HEAD.copy(bytes, 0, 0, Math.min(size, FILE_HEAD.length));
  await fsp.writeFile(file, bytes);
}

const numbered = (n: number, digits: number) => String(n).padStart(digits, '0');

/** Writes the folder tree under `root`. @throws Error when the shape leaves a lesson without a file */
async function writeTree(root: string, shape: PackageShape, random: Random): Promise<Package['files']> {
  const lessons = shape.items - 1 - MODULES;
  if (lessons < 1 || shape.files < lessons)
    throw new Error(`${shape.items} items and ${shape.files} files are too few for the tree`);
  const course = path.join(root, COURSE_FOLDER);
  await fsp.mkdir(course, { recursive: true });
  await fsp.writeFile(path.join(course, 'README.md'), readme('Network Forensics at Scale', random));
  const lessonDirs: string[] = [];
  for (let m = 0; m < MODULES; m += 1) {
    const module = `${numbered(m + 1, MODULE_DIGITS)}-module`;
    await fsp.mkdir(path.join(course, module));
    await fsp.writeFile(path.join(course, module, 'README.md'), readme(`Module ${m + 1}`, random));
    for (let l = m; l < lessons; l += MODULES) {
      const lesson = path.join(COURSE_FOLDER, module, `${numbered(l + 1, LESSON_DIGITS)}-lesson`);
      await fsp.mkdir(path.join(root, lesson));
      await fsp.writeFile(path.join(root, lesson, 'README.md'), readme(`Lesson ${l + 1}`, random));
      lessonDirs[l] = lesson;
    }
  }
  const files = sizesOf(shape.files, shape.bytes, random).map((size, k) => {
    const name = `capture-${numbered(k + 1, FILE_DIGITS)}.${EXTENSIONS[k % EXTENSIONS.length]}`;
    return { path: path.join(lessonDirs[k % lessons]!, name), size };
  });
  for (const file of files) await writeRandom(path.join(root, file.path), file.size);
  return files;
}

/** Zips the tree under `root` (every file of it) into `target`; random files stored, READMEs deflated. */
async function zipTree(root: string, target: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fsp.readdir(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(relative);
      else zip.addFile(path.join(root, relative), relative, { compress: entry.name.endsWith('.md') });
    }
  };
  const written = pipeline(zip.outputStream, fs.createWriteStream(target));
  await walk('');
  zip.end();
  await written;
}

/** Runs `work` and returns its milliseconds. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Writes the package of `shape` under `workDir`: `<course>.zip`, and `<course>-changed.zip` with
 * `shape.changedFiles` files (evenly spaced) rewritten with new random bytes of the same size.
 * @throws Error when the shape is too small for the tree (fewer files than lessons)
 */
export async function writePackage(workDir: string, shape: PackageShape): Promise<Package> {
  const random = createRandom(SEED);
  const root = path.join(workDir, 'tree');
  const zip = path.join(workDir, `${COURSE_FOLDER}.zip`);
  const changedZip = path.join(workDir, `${COURSE_FOLDER}-changed.zip`);
  let files: Package['files'] = [];
  const treeMs = await timed(async () => (files = await writeTree(root, shape, random)));
  const zipMs = await timed(() => zipTree(root, zip));
  const changedMs = await timed(async () => {
    const every = Math.max(1, Math.floor(files.length / shape.changedFiles));
    for (let k = 0; k < Math.min(shape.changedFiles, files.length); k += 1) {
      const file = files[k * every]!;
      await writeRandom(path.join(root, file.path), file.size);
    }
    await zipTree(root, changedZip);
  });
  await fsp.rm(root, { recursive: true, force: true });
  const zipBytes = (await fsp.stat(zip)).size;
  return { files, zip, changedZip, zipBytes, generation: { treeMs, zipMs, changedMs } };
}
