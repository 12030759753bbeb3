import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ContentChild, ContentSection } from '@portal/shared/schemas/courseware';
import { ContentStatusIcon } from '../../../components/content-status-icon';
import { HtmlContent } from '../../../components/html-content';
import { paths } from '../../../config/paths';
import { groupChildren } from '../lib/child-groups';
import { childGroupLabel } from '../lib/labels';

/**
 * The children and sections of a content item (000 §2 "Child groups"): children ordered by index and
 * grouped by main category under a heading each ("Modules", "Lessons"…), linking to their pages; the
 * section group shows each section's name and description.
 * Props: `items` (the children), `sections`, `showStatus` (editors see status icons).
 */
export function ChildGroups({
  items,
  sections,
  showStatus,
}: {
  items: readonly ContentChild[];
  sections: readonly ContentSection[];
  showStatus: boolean;
}) {
  const groups = groupChildren(items, sections);
  if (groups.length === 0) return null;
  return (
    <>
      {groups.map((group) =>
        group.key === 'section' ? (
          <Box
            component="section"
            key={group.key}
            aria-label={childGroupLabel(group.key)}
            data-testid="child-group-section"
          >
            {group.entries.map((entry) =>
              entry.kind === 'section' ? (
                <Box key={entry.section.id} sx={{ mb: 3 }}>
                  <Typography variant="h2" sx={{ mb: 1 }}>
                    {entry.section.name}
                  </Typography>
                  <HtmlContent html={entry.section.description} />
                </Box>
              ) : null,
            )}
          </Box>
        ) : (
          <Box
            component="section"
            key={group.key}
            aria-labelledby={`group-${group.key}`}
            data-testid={`child-group-${group.key}`}
          >
            <Typography variant="h2" id={`group-${group.key}`} sx={{ mb: 1 }}>
              {childGroupLabel(group.key)}
            </Typography>
            <Box component="ol" sx={{ pl: 3, m: 0, '& li': { py: 0.5 } }}>
              {group.entries.map((entry) =>
                entry.kind === 'child' ? (
                  <li key={entry.child.id}>
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                      {showStatus && <ContentStatusIcon status={entry.child.status} fontSize="small" />}
                      <Link href={paths.content(entry.child.urlAlias || entry.child.id)}>
                        {entry.child.name}
                      </Link>
                    </Box>
                  </li>
                ) : null,
              )}
            </Box>
          </Box>
        ),
      )}
    </>
  );
}
