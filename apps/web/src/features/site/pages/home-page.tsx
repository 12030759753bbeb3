import AutoGraphIcon from '@mui/icons-material/AutoGraph';
import TuneIcon from '@mui/icons-material/Tune';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { brandOf } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEnv, useFeature } from '../../../lib/env';
import { RecentNews } from '../../news/components/recent-news';
import { UpcomingEvents } from '../../events/components/upcoming-events';

const ATTRIBUTES = [
  {
    title: 'Scalable',
    icon: AutoGraphIcon,
    text: 'Each student gets their own virtual machines on the range, whether the class has ten students or three hundred.',
  },
  {
    title: 'Flexible',
    icon: TuneIcon,
    text: 'Teach with the shared courseware as it is, or take a lesson or a lab and fit it to your own course.',
  },
  {
    title: 'Reliable',
    icon: VerifiedIcon,
    text: 'Labs run on the range, not on lab computers, so every student starts from the same working environment.',
  },
] as const;

const STEPS = [
  {
    title: 'Create a course',
    text: 'Pick courses, modules, lessons and labs from the courseware repository, or start from your own material.',
  },
  {
    title: 'Invite students',
    text: 'Invite your students by e-mail. They reach the exercise area through your course, with nothing to install.',
  },
  {
    title: 'Start teaching',
    text: 'Students work through the labs in their browser while you follow their progress.',
  },
] as const;

const CLAIMS = [
  { figure: 'Over 400', label: 'schools' },
  { figure: 'Over 420,000', label: 'virtual machines' },
  { figure: '40', label: 'states' },
] as const;

/** A decorative drawing of a small lab network: a student's machine linked to the range's servers. */
function RangeIllustration({ primary, accent }: { primary: string; accent: string }) {
  const nodes = [
    [60, 150],
    [170, 60],
    [170, 240],
    [280, 150],
  ] as const;
  return (
    <Box
      component="svg"
      viewBox="0 0 340 300"
      aria-hidden="true"
      sx={{ display: { xs: 'none', md: 'block' }, width: '100%', maxWidth: 340, justifySelf: 'center' }}
    >
      {[
        [0, 1],
        [0, 2],
        [1, 3],
        [2, 3],
        [1, 2],
      ].map(([a, b]) => (
        <line
          key={`${a}-${b}`}
          x1={nodes[a!]![0]}
          y1={nodes[a!]![1]}
          x2={nodes[b!]![0]}
          y2={nodes[b!]![1]}
          stroke={primary}
          strokeOpacity="0.35"
          strokeWidth="3"
          strokeDasharray="6 6"
        />
      ))}
      {nodes.map(([x, y], index) => (
        <g key={`${x}-${y}`} transform={`translate(${x - 34} ${y - 26})`}>
          <rect
            width="68"
            height="52"
            rx="10"
            fill="#ffffff"
            stroke={index === 0 ? accent : primary}
            strokeWidth="3"
          />
          <rect
            x="12"
            y="12"
            width="44"
            height="6"
            rx="3"
            fill={index === 0 ? accent : primary}
            opacity="0.8"
          />
          <rect x="12" y="24" width="30" height="6" rx="3" fill={primary} opacity="0.35" />
          <circle cx="52" cy="38" r="5" fill={index === 0 ? accent : primary} />
        </g>
      ))}
    </Box>
  );
}

/** Recent news on home (001 §1): shown only when the news pages are on. */
export function RecentNewsSlot() {
  return useFeature('news') ? <RecentNews /> : null;
}

/** Upcoming events on home (001 §1): shown only when the event pages are on. */
export function UpcomingEventsSlot() {
  return useFeature('events') ? <UpcomingEvents /> : null;
}

/**
 * The home page (001 §1, flag `home`): headline and a call to action to the features page, the
 * explainer video when LANDING_VIDEO_URL is set, the three attribute cards, the three numbered feature
 * rows, the claims, and the news and events slots. No props.
 */
export function HomePage() {
  const env = useEnv();
  const brand = brandOf(env.brand);
  const hasFeaturesPage = useFeature('feature');
  useDocumentTitle(brand.name);
  return (
    <Box sx={{ display: 'grid', gap: { xs: 5, md: 7 } }}>
      <Box
        component="section"
        aria-labelledby="home-headline"
        sx={{
          display: 'grid',
          gap: 4,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          p: { xs: 3, md: 5 },
          borderRadius: 3,
          border: 1,
          borderColor: 'divider',
          background: `linear-gradient(135deg, #ffffff 40%, ${brand.colors.primary}1f 100%)`,
        }}
      >
        <Box>
          <Typography
            component="p"
            sx={{
              color: 'primary.main',
              fontWeight: 700,
              letterSpacing: '0.06em',
              textTransform: 'uppercase',
              mb: 1,
            }}
          >
            {brand.name}
          </Typography>
          <Typography id="home-headline" variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 2 }}>
            Teach cybersecurity hands-on, with labs that just work
          </Typography>
          <Typography sx={{ fontSize: '1.125rem', color: 'text.secondary', mb: 3, maxWidth: 640 }}>
            A cyber range for schools, colleges and universities: virtual labs in the browser and a shared
            repository of courses, modules, lessons and labs that faculty teach with.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            {hasFeaturesPage && (
              <Button href={paths.features} variant="contained" size="large">
                See the features
              </Button>
            )}
            <Button href={paths.courseware} variant="outlined" size="large">
              Browse the courseware
            </Button>
          </Box>
        </Box>
        {!env.landingVideoUrl && (
          <RangeIllustration primary={brand.colors.primary} accent={brand.colors.secondary} />
        )}
        {env.landingVideoUrl && (
          <Box
            component="iframe"
            src={env.landingVideoUrl}
            title="Explainer video"
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
            sx={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 2, bgcolor: 'common.black' }}
          />
        )}
      </Box>

      <Box
        component="section"
        aria-label="Why the range"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        {ATTRIBUTES.map(({ title, icon: Icon, text }) => (
          <Paper key={title} variant="outlined" sx={{ p: 3 }}>
            <Icon color="primary" sx={{ fontSize: 36, mb: 1 }} aria-hidden="true" />
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {title}
            </Typography>
            <Typography color="text.secondary">{text}</Typography>
          </Paper>
        ))}
      </Box>

      <Box component="section" aria-labelledby="home-steps">
        <Typography id="home-steps" variant="h2" sx={{ fontSize: '1.75rem', mb: 3 }}>
          From sign-up to the first lab in three steps
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2.5 }}>
          {STEPS.map((step, index) => (
            <Box component="li" key={step.title} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <Box
                aria-hidden="true"
                sx={{
                  flex: '0 0 auto',
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'common.white',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  fontSize: '1.25rem',
                }}
              >
                {index + 1}
              </Box>
              <Box>
                <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
                  {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>

      <Box
        component="section"
        aria-label="The range in figures"
        sx={{
          bgcolor: brand.colors.dark,
          color: brand.colors.onDark,
          borderRadius: 2,
          px: { xs: 3, md: 5 },
          py: 4,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
          textAlign: 'center',
        }}
      >
        {CLAIMS.map((claim) => (
          <Box key={claim.label}>
            <Typography
              component="p"
              sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 800, color: 'common.white' }}
            >
              {claim.figure}
            </Typography>
            <Typography component="p">{claim.label}</Typography>
          </Box>
        ))}
      </Box>

      <RecentNewsSlot />
      <UpcomingEventsSlot />
    </Box>
  );
}
