import CampaignIcon from '@mui/icons-material/Campaign';
import ExploreIcon from '@mui/icons-material/Explore';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UpdateIcon from '@mui/icons-material/Update';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { UPDATED_CONTENT_CUTOFF_DAYS } from '@portal/shared/limits';
import { paths } from '../../../config/paths';
import { useEnv, useFeature } from '../../../lib/env';

interface LandingLink {
  title: string;
  text: string;
  href: string;
  icon: ReactNode;
  isExternal: boolean;
}

/**
 * The landing links of the courseware page (000 §2): browse the repository (unfiltered list), recent
 * content (the new-or-updated filter), the courseware index (external, only when configured) and the
 * call for courseware (external when configured, else the in-app page when its flag is on). No props.
 */
export function LandingLinks() {
  const env = useEnv();
  const hasCallPage = useFeature('callForCourseware');
  const links: LandingLink[] = [
    {
      title: 'Browse the repository',
      text: 'Every published course, module, lesson and lab, by name.',
      href: paths.browseCourseware,
      icon: <ExploreIcon />,
      isExternal: false,
    },
    {
      title: 'Recent content',
      text: `Courseware added or curated in the last ${UPDATED_CONTENT_CUTOFF_DAYS} days.`,
      href: paths.recentCourseware,
      icon: <UpdateIcon />,
      isExternal: false,
    },
  ];
  if (env.coursewareIndexUrl) {
    links.push({
      title: 'Courseware index',
      text: 'An overview of the whole collection.',
      href: env.coursewareIndexUrl,
      icon: <MenuBookIcon />,
      isExternal: true,
    });
  }
  if (env.callForCoursewareUrl || hasCallPage) {
    links.push({
      title: 'Call for courseware',
      text: 'Share your own teaching material with other faculty.',
      href: env.callForCoursewareUrl ?? paths.callForCourseware,
      icon: <CampaignIcon />,
      isExternal: Boolean(env.callForCoursewareUrl),
    });
  }
  return (
    <Box component="nav" aria-label="Start here">
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {links.map((link) => (
          <li key={link.title}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                href={link.href}
                {...(link.isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                sx={{
                  height: '100%',
                  p: 2.5,
                  display: 'flex',
                  alignItems: 'flex-start',
                  justifyContent: 'flex-start',
                  gap: 2,
                }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 44,
                    height: 44,
                    borderRadius: '50%',
                    bgcolor: '#e8f0fb',
                    color: 'primary.main',
                    flexShrink: 0,
                  }}
                >
                  {link.icon}
                </Box>
                <Box>
                  <Typography
                    variant="h3"
                    component="span"
                    sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                  >
                    {link.title}
                    {link.isExternal && (
                      <OpenInNewIcon fontSize="inherit" titleAccess="(opens in a new tab)" />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {link.text}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}
