/**
 * The LaTeX commands and environments the handout reader (latex.ts) knows: how each is shown, or that
 * it is dropped.
 */

/** Commands the handouts define in their shared header (not in the data), spelled as the handouts print them. */
export const KNOWN_MACROS: Record<string, string> = {
  setuid: 'Set-UID',
  copyright: '©',
  ldots: '…',
  dots: '…',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  textasciitilde: '~',
  textbackslash: '\\',
  textbar: '|',
  textless: '<',
  textgreater: '>',
  textunderscore: '_',
};

/** Inline commands whose one argument is shown with a style. */
export const STYLED: Record<string, [string, string]> = {
  texttt: ['<code>', '</code>'],
  code: ['<code>', '</code>'],
  path: ['<code>', '</code>'],
  textbf: ['<strong>', '</strong>'],
  textit: ['<em>', '</em>'],
  emph: ['<em>', '</em>'],
  textsl: ['<em>', '</em>'],
  underline: ['', ''],
  textsf: ['', ''],
  textrm: ['', ''],
  mbox: ['', ''],
  text: ['', ''],
};

/** Declarations used inside a group, as in `{\tt Elgg}`. */
export const GROUP_STYLES: Record<string, [string, string]> = {
  tt: ['<code>', '</code>'],
  ttfamily: ['<code>', '</code>'],
  bf: ['<strong>', '</strong>'],
  bfseries: ['<strong>', '</strong>'],
  em: ['<em>', '</em>'],
  it: ['<em>', '</em>'],
  itshape: ['<em>', '</em>'],
};

/** Commands dropped together with their arguments (cross references, spacing, index entries). */
export const DROPPED_WITH_ARGUMENTS = new Set([
  'cite',
  'label',
  'index',
  'ref',
  'pageref',
  'footnote',
  'vspace',
  'hspace',
  'includegraphics',
  'newcommand',
  'renewcommand',
  'def',
  'input',
  'include',
  'lhead',
  'rhead',
  'chead',
  'setlength',
  'seedlabcopyright',
  'nodependency',
  'seedenvironmentA',
  'seedenvironmentB',
  'seedenvironmentC',
]);

/** Dropped commands that stand for a reference in the text, after a (non-breaking) space. */
export const REFERENCES = new Set(['cite', 'ref', 'pageref', 'footnote', 'index', 'label']);

/** Environments whose content is left out: floats and layout without text of their own. */
export const DROPPED_ENVIRONMENTS = new Set([
  'figure',
  'figure*',
  'table',
  'table*',
  'tabular',
  'wrapfigure',
  'minipage',
  'tikzpicture',
]);
export const CODE_ENVIRONMENTS = new Set(['lstlisting', 'verbatim', 'Verbatim', 'code', 'minted']);
export const LIST_ENVIRONMENTS: Record<string, string> = {
  itemize: 'ul',
  enumerate: 'ol',
  description: 'ul',
};
