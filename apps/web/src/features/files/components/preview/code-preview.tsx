/**
 * A text, LaTeX or source file in its preview (issue 37), highlighted in its language by highlight.js
 * (its core and that one language load when the preview opens). The plain text shows at once, and the
 * highlighting replaces it when ready; plain text and a failed highlighting stay plain.
 */
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { highlightText } from './highlight-languages';

/** Colours of highlight.js's token classes, dark enough on the light background (WCAG AA). */
const TOKEN_COLOURS = {
  '& .hljs-comment, & .hljs-quote': { color: '#5c6370', fontStyle: 'italic' },
  '& .hljs-keyword, & .hljs-selector-tag, & .hljs-built_in, & .hljs-meta': { color: '#a626a4' },
  '& .hljs-string, & .hljs-regexp, & .hljs-addition': { color: '#2f7a1f' },
  '& .hljs-number, & .hljs-literal, & .hljs-symbol': { color: '#986801' },
  '& .hljs-title, & .hljs-section, & .hljs-function': { color: '#2a5db0' },
  '& .hljs-attr, & .hljs-attribute, & .hljs-variable, & .hljs-name, & .hljs-tag': { color: '#c0392b' },
  '& .hljs-type, & .hljs-class': { color: '#8a5a00' },
  '& .hljs-deletion': { color: '#b0001e' },
};

/** Props: `text` (the file's text), `language` (a highlight.js name; `plaintext` for none). */
export function CodePreview({ text, language }: { text: string; language: string }) {
  // The highlighting of the text it was made from: a new text shows plain until its own is ready.
  const [highlighted, setHighlighted] = useState<{ text: string; html: string | null } | null>(null);
  const html = highlighted?.text === text ? highlighted.html : null;
  useEffect(() => {
    let isCurrent = true;
    highlightText(text, language)
      .then((value) => {
        if (isCurrent) setHighlighted({ text, html: value });
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [text, language]);
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={`File text${language === 'plaintext' ? '' : ` (${language})`}`}
      sx={{
        m: 0,
        p: 1.5,
        overflow: 'auto',
        borderRadius: 1,
        bgcolor: 'grey.100',
        fontSize: '0.875rem',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        ...TOKEN_COLOURS,
      }}
    >
      {html === null ? (
        <code>{text}</code>
      ) : (
        // highlight.js escaped the file's text; this HTML holds only its token spans (highlight-languages.ts).
        <code className="hljs" data-language={language} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </Box>
  );
}
