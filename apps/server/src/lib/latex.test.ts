import { describe, expect, it } from 'vitest';
import { latexBlocksToHtml, latexInlineToHtml } from './latex.js';
import { latexCopyrightHolders, latexSections, latexTitle } from './latex-document.js';

const HANDOUT = String.raw`%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
%%  Copyright by Jane Roe, John Doe, and Ann Poe  %%
%%  at Example University.                         %%
%%  This work is licensed under the Creative Commons %%
%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
\lhead{\bfseries SEED Labs -- Short Title}
\begin{document}
\begin{center}
{\LARGE Environment Variable and \setuid Program Lab}
\end{center}

\section{Overview}

Attackers use {\tt Elgg}~\cite{elgg} and \texttt{\$HOME}. % a comment
It covers ${'``'}quoted'' text --- and more.

\begin{itemize}[noitemsep]
\item First topic
\item Second \textit{topic}
\end{itemize}

\begin{figure}[h]
\includegraphics{x.png}
\end{figure}

\paragraph{Readings.} Chapter 1 of the book, \seedbook

\section{Tasks}
Do things.
\end{document}`;

describe('latex', () => {
  it('reads the title block, with the macros the handouts use', () => {
    expect(latexTitle(HANDOUT)).toBe('Environment Variable and Set-UID Program Lab');
    expect(latexTitle(String.raw`\lhead{\bfseries SEED Labs -- Heartbleed Attack}`)).toBe(
      'Heartbleed Attack',
    );
  });

  it('splits sections and converts body text to paragraphs and lists, without floats', () => {
    const [overview, tasks] = latexSections(HANDOUT);
    expect(overview?.title).toBe('Overview');
    expect(tasks?.title).toBe('Tasks');
    const html = latexBlocksToHtml(overview!.body);
    expect(html).toContain(
      '<p>Attackers use <code>Elgg</code> and <code>$HOME</code>. It covers “quoted” text — and more.</p>',
    );
    expect(html).toContain('<ul><li>First topic</li><li>Second <em>topic</em></li></ul>');
    expect(html).toContain('<p><strong>Readings.</strong> Chapter 1 of the book,</p>');
    expect(html).not.toContain('x.png');
    expect(tasks!.body).not.toContain('end{document}');
  });

  it('escapes HTML and keeps links', () => {
    expect(latexInlineToHtml(String.raw`a <b> \& \url{https://x.org/a_b} \href{https://y.org}{why}`)).toBe(
      'a &lt;b&gt; &amp; <a href="https://x.org/a_b">https://x.org/a_b</a> <a href="https://y.org">why</a>',
    );
  });

  it('takes an environment name from the file as text, never as a pattern', () => {
    // As a pattern, `.` would match the `z` of another environment and `(` would not compile.
    expect(latexBlocksToHtml(String.raw`\begin{.}inside \end{z} still inside\end{.} after`)).toBe(
      '<p>inside z still inside</p>\n<p>after</p>',
    );
    expect(latexBlocksToHtml(String.raw`\begin{a(}x\end{a(}`)).toBe('<p>x</p>');
  });

  it('reads copyright holders and their school from the licence comment', () => {
    expect(latexCopyrightHolders(HANDOUT)).toEqual([
      { name: 'Jane Roe', school: 'Example University' },
      { name: 'John Doe', school: 'Example University' },
      { name: 'Ann Poe', school: 'Example University' },
    ]);
    expect(latexCopyrightHolders('%%  Copyright by Wenliang Du.  %%\n%%  This work is licensed  %%')).toEqual(
      [{ name: 'Wenliang Du' }],
    );
  });
});
