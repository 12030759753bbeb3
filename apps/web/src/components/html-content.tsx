import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { RICH_TEXT_INDENT_MAX } from '@portal/shared/limits';

/**
 * `sx` rules that pad paragraphs indented by the rich-text editor (`data-indent` 1 to
 * RICH_TEXT_INDENT_MAX, 001 §2 indent and outdent) one step per level; `selector` narrows the elements.
 */
export function indentStyles(selector = '') {
  return Object.fromEntries(
    Array.from({ length: RICH_TEXT_INDENT_MAX }, (_, i) => [
      `& ${selector}[data-indent="${i + 1}"]`,
      { pl: (i + 1) * 3 },
    ]),
  );
}

/**
 * Shows rich text that the server has already sanitised (DESIGN.md: sanitize-html before storing), in
 * the body typography with readable spacing for headings, lists, tables and code.
 * Props: `html` (sanitised HTML), optional `sx`.
 */
export function HtmlContent({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      className="html-content"
      sx={[
        (theme) => ({
          ...theme.typography.body1,
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& p': { my: 1.5 },
          '& h1, & h2, & h3, & h4, & h5, & h6': { ...theme.typography.h6, mt: 3, mb: 1 },
          '& ul, & ol': { pl: 3, my: 1.5 },
          '& li + li': { mt: 0.5 },
          ...indentStyles('p'),
          '& a': { color: theme.palette.primary.main },
          '& img': { maxWidth: '100%', height: 'auto' },
          '& iframe': { display: 'block', maxWidth: '100%', border: 0, my: 1.5 },
          '& pre': {
            overflowX: 'auto',
            p: 1.5,
            borderRadius: 1,
            bgcolor: theme.palette.grey[100],
            fontSize: '0.875rem',
          },
          '& code': {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.9em',
          },
          '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
          '& th, & td': { border: `1px solid ${theme.palette.divider}`, px: 1, py: 0.5, textAlign: 'left' },
          '& blockquote': {
            borderLeft: `4px solid ${theme.palette.divider}`,
            m: 0,
            pl: 2,
            color: theme.palette.text.secondary,
          },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
