/** Text of courseware documents for search: markup stripped, PDF read by unpdf, unknown kinds skipped. */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXT_MAX } from '@portal/shared/limits';
import { documentKindOf, documentText } from './document-text.js';

/** A one-page PDF whose page shows `line` in Helvetica, with a correct cross-reference table. */
function pdfWithText(line: string): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('documentKindOf', () => {
  it('knows documents by extension, then by type, and a PDF only when both agree', () => {
    expect(documentKindOf('handout.tex', 'application/octet-stream')).toBe('latex');
    expect(documentKindOf('README.md', 'text/plain')).toBe('markdown');
    expect(documentKindOf('guide.adoc', 'text/plain')).toBe('asciidoc');
    expect(documentKindOf('notes', 'text/plain')).toBe('text');
    expect(documentKindOf('slides.pdf', 'application/pdf')).toBe('pdf');
    expect(documentKindOf('slides.pdf', 'text/plain')).toBeUndefined();
    expect(documentKindOf('photo.png', 'image/png')).toBeUndefined();
    expect(documentKindOf('lab.zip', 'application/zip')).toBeUndefined();
  });
});

describe('documentText', () => {
  it('strips LaTeX commands, comments and the preamble, keeping the words of their arguments', async () => {
    const tex = String.raw`\documentclass{article}\usepackage{hyperref}
\begin{document}
\section{Speculative execution}
% a comment that is not text
The CPU uses \textbf{speculative} execution; see \cite{kocher} and \url{https://example.org}.
\begin{itemize}\item Flush+Reload \item Prime+Probe\end{itemize}
\end{document}`;
    const text = await documentText('latex', Buffer.from(tex));
    expect(text).toContain('Speculative execution');
    expect(text).toContain('The CPU uses speculative execution');
    expect(text).toContain('Prime+Probe');
    expect(text).not.toMatch(/\\|documentclass|usepackage|textbf|comment|kocher/);
  });

  it('strips Markdown and AsciiDoc markup', async () => {
    const md =
      '---\ntitle: x\n---\n# Shared *responsibility*\n\nSee [the model](https://example.org) and `aws`.\n\n![diagram](d.png)';
    const fromMd = await documentText('markdown', Buffer.from(md));
    expect(fromMd).toBe('Shared responsibility See the model and aws.');
    const adoc =
      '= Guide\n:toc:\n// comment\n== Identity *and* access\n----\ncode line\n----\nlink:https://x.org[the portal] is _here_.';
    const fromAdoc = await documentText('asciidoc', Buffer.from(adoc));
    expect(fromAdoc).toBe('Guide Identity and access code line the portal is here.');
  });

  it('reads the text of a PDF', async () => {
    expect(await documentText('pdf', pdfWithText('Return oriented programming chains gadgets'))).toBe(
      'Return oriented programming chains gadgets',
    );
  });

  it('fails on a damaged PDF and cuts long texts at DOCUMENT_TEXT_MAX', async () => {
    await expect(documentText('pdf', Buffer.from('%PDF-1.4 not really'))).rejects.toThrow();
    const long = await documentText('text', Buffer.from('word '.repeat(DOCUMENT_TEXT_MAX)));
    expect(long.length).toBe(DOCUMENT_TEXT_MAX);
  });
});
