/**
 * PDF files made in the test, with a correct cross-reference table: a document of many pages of text,
 * and a compression bomb (a small FlateDecode content stream that inflates to hundreds of megabytes).
 * Nothing is downloaded; every byte is written here.
 */
import zlib from 'node:zlib';

/** Assembles numbered objects (1-based, object 1 the catalogue) into a PDF with its xref table. */
function assemble(objects: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const text = (s: string) => Buffer.from(s, 'latin1');
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A stream object: its dictionary entries and its (already encoded) bytes. */
function stream(dictionary: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    text(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`),
    bytes,
    text('\nendstream'),
  ]);
}

/**
 * A PDF of `pages` pages, each showing `line` followed by its page number in Helvetica.
 * Objects: 1 catalogue, 2 page tree, 3 font, then a page and its content stream per page.
 */
export function manyPagesPdf(pages: number, line: string): Buffer {
  const objects: Buffer[] = [text('<< /Type /Catalog /Pages 2 0 R >>'), Buffer.alloc(0), text(FONT)];
  const kids: string[] = [];
  for (let n = 0; n < pages; n += 1) {
    const pageId = 4 + n * 2;
    kids.push(`${pageId} 0 R`);
    objects.push(
      text(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageId + 1} 0 R ` +
          '/Resources << /Font << /F1 3 0 R >> >> >>',
      ),
    );
    objects.push(stream('', text(`BT /F1 12 Tf 72 720 Td (${line} ${n + 1}) Tj ET`)));
  }
  objects[1] = text(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`);
  return assemble(objects);
}

/**
 * A one-page PDF whose content stream is FlateDecode-compressed and inflates to about `inflatedMb`
 * megabytes, while the file itself stays around a megabyte or less. Deflated as a stream, never whole
 * in memory.
 * @param fill `text`: text-showing operators, each a short word (reading them makes millions of text
 *   items, on the parser's heap); `blank`: spaces (only the inflated bytes, outside the heap)
 */
export async function compressionBombPdf(
  inflatedMb: number,
  fill: 'text' | 'blank' = 'text',
): Promise<Buffer> {
  const unit =
    fill === 'text'
      ? Buffer.from('BT /F1 12 Tf 72 720 Td (overflow) Tj ET\n'.repeat(1024), 'latin1')
      : Buffer.alloc(40 * 1024, 0x20);
  const count = Math.ceil((inflatedMb * 1024 * 1024) / unit.length);
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let i = 0; i < count; i += 1) {
    if (!deflate.write(unit)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return assemble([
    text('<< /Type /Catalog /Pages 2 0 R >>'),
    text('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    text(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    stream('/Filter /FlateDecode', Buffer.concat(chunks)),
    text(FONT),
  ]);
}
