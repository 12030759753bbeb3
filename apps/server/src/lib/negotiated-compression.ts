/**
 * Compression of a response built in a handler that @fastify/compress does not reach (its hooks hang
 * on routes; the not-found handler that serves the app's pages is none): brotli when the client
 * accepts it, else gzip, else the text as it is.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli quality for per-request HTML: near quality 11's size at a fraction of its time. */
const BROTLI_QUALITY = 5;
/** Below this many bytes a body goes out as it is (as @fastify/compress's threshold). */
const MIN_BYTES = 1024;

/** The encodings of an Accept-Encoding header with a quality above zero, lower-cased. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** The encoding `compressForClient` picks for this Accept-Encoding header (undefined: none), whatever the size. */
export function negotiatedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/**
 * The body for a client with this Accept-Encoding header: `encoding` is the Content-Encoding to send
 * (undefined: none).
 */
export async function compressForClient(
  acceptEncoding: string | undefined,
  body: string,
): Promise<{ encoding?: 'br' | 'gzip'; payload: Buffer | string }> {
  if (Buffer.byteLength(body) < MIN_BYTES) return { payload: body };
  const encoding = negotiatedEncoding(acceptEncoding);
  if (encoding === 'br')
    return {
      encoding: 'br',
      payload: await brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    };
  if (encoding === 'gzip') return { encoding: 'gzip', payload: await gzipAsync(body) };
  return { payload: body };
}
