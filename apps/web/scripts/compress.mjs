/**
 * Compresses the built app once, at build time (issue 22): writes `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9) beside every text file of dist/ that is large enough to gain, and only
 * where the result is smaller. The server sends them as they are (@fastify/static `preCompressed`), so
 * no response is compressed per request and each gets the best ratio.
 *
 *   node scripts/compress.mjs [dist folder]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this are sent as they are: the saving would not pay for a second file. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

const dist = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);

/** Every file below `dir`, as absolute paths. */
function filesOf(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesOf(full) : [full];
  });
}

let written = 0;
let before = 0;
let after = 0;
for (const file of filesOf(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  for (const [suffix, packed] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (packed.length >= bytes.length) continue;
    fs.writeFileSync(file + suffix, packed);
    written += 1;
  }
  before += bytes.length;
  after += br.length;
}
console.log(
  `compress: ${written} files written in ${path.relative(process.cwd(), dist) || '.'}; ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`,
);
