import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { contributorFullName } from '@portal/shared/text';
import type { Content } from '@portal/shared/schemas/courseware';
import { formatDate } from '../../../lib/format';

/** An external link that says it opens elsewhere. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" underline="always">
      {children}
    </Link>
  );
}

/**
 * Where a content item comes from (000 §2): the last-curated dates (YYYY-MM-DD), the source and licence
 * line that the licences require ("Source: … · Licence: … · Author: …"), and the contributors with
 * their title and school. Parts without data are left out. Props: `content`.
 */
export function ContentAbout({
  content,
}: {
  content: Pick<Content, 'lastCuratedTimestamps' | 'source' | 'contributors'>;
}) {
  const curated = [
    { label: 'Courseware', date: formatDate(content.lastCuratedTimestamps.courseware) },
    { label: 'Environment', date: formatDate(content.lastCuratedTimestamps.environment) },
  ].filter((entry) => entry.date);
  const { source, contributors } = content;
  if (curated.length === 0 && !source && contributors.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="about-heading"
      sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, sm: 2.5 } }}
    >
      <Typography variant="h2" id="about-heading" sx={{ mb: 1.5 }}>
        About this content
      </Typography>
      {contributors.length > 0 && (
        <Box sx={{ mb: 1.5 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
            Contributors
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {contributors.map((contributor) => (
              <li key={contributor.id}>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {contributorFullName(contributor)}
                </Typography>
                {[contributor.title, contributor.school].filter(Boolean).length > 0 && (
                  <Typography component="span" color="text.secondary">
                    {', '}
                    {[contributor.title, contributor.school].filter(Boolean).join(', ')}
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {curated.length > 0 && (
        <Typography sx={{ mb: 1 }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            Last curated:
          </Box>{' '}
          {curated.map((entry) => `${entry.label} ${entry.date}`).join(' · ')}
        </Typography>
      )}
      {source && (
        <Typography data-testid="source-licence">
          Source: <ExternalLink href={source.url}>{source.name}</ExternalLink>
          {' · '}Licence:{' '}
          {source.licenseUrl ? (
            <ExternalLink href={source.licenseUrl}>{source.license}</ExternalLink>
          ) : (
            source.license
          )}
          {source.author && <> · Author: {source.author}</>}
        </Typography>
      )}
    </Box>
  );
}
