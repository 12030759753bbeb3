/**
 * The highlight.js languages of a text file's preview (issue 37), one dynamic import each so that a
 * preview downloads only the core and its own language. Every language that
 * PREVIEW_LANGUAGE_OF_EXTENSION names is here (highlight-languages.test.ts checks); `plaintext` is
 * shown without highlighting.
 */
import type { LanguageFn } from 'highlight.js';

type LanguageModule = Promise<{ default: LanguageFn }>;

/** Loads a language's grammar by its highlight.js name. */
export const HIGHLIGHT_LANGUAGES: Readonly<Record<string, () => LanguageModule>> = {
  latex: () => import('highlight.js/lib/languages/latex'),
  python: () => import('highlight.js/lib/languages/python'),
  bash: () => import('highlight.js/lib/languages/bash'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  java: () => import('highlight.js/lib/languages/java'),
  go: () => import('highlight.js/lib/languages/go'),
  rust: () => import('highlight.js/lib/languages/rust'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  php: () => import('highlight.js/lib/languages/php'),
  perl: () => import('highlight.js/lib/languages/perl'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  json: () => import('highlight.js/lib/languages/json'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  xml: () => import('highlight.js/lib/languages/xml'),
  css: () => import('highlight.js/lib/languages/css'),
  ini: () => import('highlight.js/lib/languages/ini'),
  x86asm: () => import('highlight.js/lib/languages/x86asm'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
};

/**
 * The text highlighted in `language` as HTML, or null for plain text or a language not listed here.
 * highlight.js escapes the text it is given, so the HTML holds only its own `<span class="hljs-…">`.
 */
export async function highlightText(text: string, language: string): Promise<string | null> {
  const loadLanguage = HIGHLIGHT_LANGUAGES[language];
  if (!loadLanguage) return null;
  const [{ default: hljs }, { default: grammar }] = await Promise.all([
    import('highlight.js/lib/core'),
    loadLanguage(),
  ]);
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, grammar);
  return hljs.highlight(text, { language, ignoreIllegals: true }).value;
}
