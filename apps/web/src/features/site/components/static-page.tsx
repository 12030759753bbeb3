import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';

export interface StaticSection {
  heading: string;
  body: ReactNode;
}

/**
 * The frame of a static site page (about, team, community, resources, terms…): the title as the page's
 * only h1 and document title, a lead paragraph, then sections each under an h2.
 * Props: `title`, `lead`, `sections`, optional `children` after them.
 */
export function StaticPage({
  title,
  lead,
  sections,
  children,
}: {
  title: string;
  lead: ReactNode;
  sections: readonly StaticSection[];
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Box component="article" sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ fontSize: '1.125rem', color: 'text.secondary', mb: 3 }}>{lead}</Typography>
      {sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          <Box sx={{ '& p': { mt: 0, mb: 1.5, lineHeight: 1.65 }, '& li': { mb: 0.75 }, '& ul': { pl: 3 } }}>
            {section.body}
          </Box>
        </Box>
      ))}
      {children}
    </Box>
  );
}
