/**
 * Just enough LaTeX to read a SEED Labs handout: its text as plain paragraphs and lists in HTML (its
 * title, copyright holders and sections are read in latex-document.ts, the known commands listed in
 * latex-commands.ts). Not a LaTeX engine: unknown commands are dropped and their arguments kept as
 * text, figures and tables are left out (their images are not in the data).
 */
import { stripHtmlTags } from '@portal/shared/text';
import { escapeHtml } from './html.js';
import {
  CODE_ENVIRONMENTS,
  DROPPED_ENVIRONMENTS,
  DROPPED_WITH_ARGUMENTS,
  GROUP_STYLES,
  KNOWN_MACROS,
  LIST_ENVIRONMENTS,
  REFERENCES,
  STYLED,
} from './latex-commands.js';

/**
 * Removes comments (`%` to the end of the line, unless escaped as `\%`) and normalises line ends. One
 * pass per line: it also reads uploaded documents (`files/document-text.ts`).
 */
export function stripLatexComments(tex: string): string {
  return tex.replace(/\r\n?/g, '\n').split('\n').map(withoutComment).join('\n');
}

/** A line up to its first `%` that is not escaped. */
function withoutComment(line: string): string {
  for (let at = line.indexOf('%'); at >= 0; at = line.indexOf('%', at + 1)) {
    if (at === 0 || line[at - 1] !== '\\') return line.slice(0, at);
  }
  return line;
}

/** Reads one balanced `{...}` group starting at `start` (which must be `{`); returns its content and the index after it. */
export function readGroup(text: string, start: number): { content: string; end: number } | undefined {
  if (text[start] !== '{') return undefined;
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\\') {
      i += 1;
      continue;
    }
    if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) return { content: text.slice(start + 1, i), end: i + 1 };
    }
  }
  return undefined;
}

/** Skips an optional `[...]` argument. */
function skipOptional(text: string, start: number): { content: string; end: number } {
  if (text[start] !== '[') return { content: '', end: start };
  const close = text.indexOf(']', start);
  return close < 0 ? { content: '', end: start } : { content: text.slice(start + 1, close), end: close + 1 };
}

/** Inline math without the dollars: `$M_1$` → `M1`. */
function mathText(math: string): string {
  return math
    .replace(/\\[a-zA-Z]+/g, ' ')
    .replace(/[_^{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Converts inline LaTeX (no environments) to HTML: styles, links, escapes, quotes and dashes.
 * Text is HTML-escaped; unknown commands vanish and leave their arguments' text.
 */
export function latexInlineToHtml(tex: string): string {
  let out = '';
  let i = 0;
  const text = tex;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      if (next === '\\') {
        out += ' ';
        i += 2;
        i = skipOptional(text, i).end;
        continue;
      }
      if (/[%$&_#{}]/.test(next)) {
        out += escapeHtml(next);
        i += 2;
        continue;
      }
      if (next === ' ' || next === '\n' || next === ',' || next === ';') {
        out += ' ';
        i += 2;
        continue;
      }
      if (next === '~' || next === '^') {
        out += next;
        i += 2;
        const group = readGroup(text, i);
        if (group) i = group.end;
        continue;
      }
      const name = /^[a-zA-Z]+\*?/.exec(text.slice(i + 1))?.[0] ?? '';
      if (!name) {
        i += 2;
        continue;
      }
      i += 1 + name.length;
      const bare = name.replace(/\*$/, '');
      if (bare in KNOWN_MACROS) {
        out += escapeHtml(KNOWN_MACROS[bare]!);
        // A macro used as a word swallows the space after it in LaTeX; `\setuid{}` and `\setuid\ ` do not.
        if (text.startsWith('{}', i)) i += 2;
        continue;
      }
      if (bare === 'url') {
        const group = readGroup(text, i);
        if (group) {
          const href = group.content.trim();
          out += `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
          i = group.end;
        }
        continue;
      }
      if (bare === 'href') {
        const target = readGroup(text, i);
        const label = target ? readGroup(text, target.end) : undefined;
        if (target && label) {
          out += `<a href="${escapeHtml(target.content.trim())}">${latexInlineToHtml(label.content)}</a>`;
          i = label.end;
        }
        continue;
      }
      if (bare in STYLED) {
        const group = readGroup(text, i);
        if (group) {
          const [open, close] = STYLED[bare]!;
          out += `${open}${latexInlineToHtml(group.content)}${close}`;
          i = group.end;
        }
        continue;
      }
      if (DROPPED_WITH_ARGUMENTS.has(bare)) {
        // "MD5~\cite{x}." reads "MD5." without the reference: the space before it goes too.
        if (REFERENCES.has(bare)) out = out.trimEnd();
        i = skipOptional(text, i).end;
        for (let group = readGroup(text, i); group; group = readGroup(text, i)) i = group.end;
        continue;
      }
      // Unknown command: its name goes, its arguments' text stays (handled as groups below).
      i = skipOptional(text, i).end;
      continue;
    }
    if (ch === '{') {
      const group = readGroup(text, i);
      if (!group) {
        i += 1;
        continue;
      }
      const declaration = /^\s*\\([a-zA-Z]+)\b\s*/.exec(group.content);
      const style = declaration ? GROUP_STYLES[declaration[1]!] : undefined;
      if (declaration && style) {
        out += `${style[0]}${latexInlineToHtml(group.content.slice(declaration[0].length))}${style[1]}`;
      } else {
        out += latexInlineToHtml(group.content);
      }
      i = group.end;
      continue;
    }
    if (ch === '}') {
      i += 1;
      continue;
    }
    if (ch === '$') {
      const close = text.indexOf('$', i + 1);
      if (close > i) {
        out += escapeHtml(mathText(text.slice(i + 1, close)));
        i = close + 1;
        continue;
      }
    }
    if (ch === '~') {
      out += ' ';
      i += 1;
      continue;
    }
    if (text.startsWith('---', i)) {
      out += '—';
      i += 3;
      continue;
    }
    if (text.startsWith('--', i)) {
      out += '–';
      i += 2;
      continue;
    }
    if (text.startsWith('``', i)) {
      out += '“';
      i += 2;
      continue;
    }
    if (text.startsWith("''", i)) {
      out += '”';
      i += 2;
      continue;
    }
    if (ch === '`') {
      out += '‘';
      i += 1;
      continue;
    }
    out += escapeHtml(ch);
    i += 1;
  }
  return out.replace(/[ \t\r\n]+/g, ' ');
}

/** Plain text of inline LaTeX (for titles and names). */
export function latexInlineToText(tex: string): string {
  return stripHtmlTags(latexInlineToHtml(stripLatexComments(tex)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Wraps the text between block elements into paragraphs (blank lines separate paragraphs). */
function paragraphs(tex: string): string[] {
  return tex
    .split(/\n[ \t]*\n/)
    .map((p) => latexInlineToHtml(p).trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${p}</p>`);
}

/**
 * Converts a run of LaTeX body text (comments already stripped) to HTML blocks: paragraphs,
 * lists (itemize, enumerate, description), code (lstlisting, verbatim) and `\paragraph{Title}` lead-ins.
 * Floats and tables are left out.
 */
export function latexBlocksToHtml(tex: string): string {
  const blocks: string[] = [];
  const begin = /\\begin\{([^}]+)\}/g;
  let cursor = 0;
  for (let match = begin.exec(tex); match; match = begin.exec(tex)) {
    const env = match[1]!;
    const endTag = `\\end{${env}}`;
    // Find the matching end, counting nested environments of the same name.
    let depth = 1;
    let search = match.index + match[0].length;
    let endIndex = -1;
    // A fixed pattern, the name compared as text: an environment name from the file is never a pattern.
    const nested = /\\(begin|end)\{([^}]+)\}/g;
    nested.lastIndex = search;
    for (let m = nested.exec(tex); m; m = nested.exec(tex)) {
      if (m[2] !== env) continue;
      depth += m[1] === 'begin' ? 1 : -1;
      if (depth === 0) {
        endIndex = m.index;
        break;
      }
    }
    if (endIndex < 0) break;
    blocks.push(...textBlocks(tex.slice(cursor, match.index)));
    let inner = tex.slice(match.index + match[0].length, endIndex);
    search = endIndex + endTag.length;
    if (env in LIST_ENVIRONMENTS) {
      inner = skipOptional(inner, 0).end > 0 ? inner.slice(skipOptional(inner, 0).end) : inner;
      const items = inner
        .split(/\\item\b/)
        .slice(1)
        .map((item) => {
          const label = skipOptional(item.trimStart(), 0);
          const lead = label.content ? `<strong>${latexInlineToHtml(label.content).trim()}</strong> ` : '';
          const body = label.content ? item.trimStart().slice(label.end) : item;
          return `<li>${lead}${latexBlocksToHtml(body).replace(/^<p>([\s\S]*)<\/p>$/, '$1')}</li>`;
        });
      if (items.length > 0)
        blocks.push(`<${LIST_ENVIRONMENTS[env]}>${items.join('')}</${LIST_ENVIRONMENTS[env]}>`);
    } else if (CODE_ENVIRONMENTS.has(env)) {
      const code =
        skipOptional(inner, 0).end > 0 && /^\[/.test(inner) ? inner.slice(skipOptional(inner, 0).end) : inner;
      const trimmed = code.replace(/^\s*\n/, '').trimEnd();
      if (trimmed) blocks.push(`<pre><code>${escapeHtml(trimmed)}</code></pre>`);
    } else if (!DROPPED_ENVIRONMENTS.has(env)) {
      blocks.push(latexBlocksToHtml(inner));
    }
    cursor = search;
    begin.lastIndex = search;
  }
  blocks.push(...textBlocks(tex.slice(cursor)));
  return blocks.filter(Boolean).join('\n');
}

/** Text outside environments: `\paragraph{Title}` starts a paragraph with a bold lead-in. */
function textBlocks(tex: string): string[] {
  const parts = tex.split(/\\paragraph\*?(?=\{)/);
  const out = paragraphs(parts[0] ?? '');
  for (const part of parts.slice(1)) {
    const title = readGroup(part, 0);
    if (!title) continue;
    const rest = paragraphs(part.slice(title.end));
    const lead = `<strong>${latexInlineToHtml(title.content).trim()}</strong>`;
    if (rest.length > 0) rest[0] = rest[0]!.replace(/^<p>/, `<p>${lead} `);
    else rest.push(`<p>${lead}</p>`);
    out.push(...rest);
  }
  return out;
}
