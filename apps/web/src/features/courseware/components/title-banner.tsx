import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFeature } from '../../../lib/env';

/** A quiet network-of-nodes drawing for the banner; decorative only. */
function BannerArt() {
  const nodes = [
    [40, 150],
    [120, 60],
    [210, 130],
    [300, 40],
    [380, 150],
    [470, 80],
    [560, 160],
    [640, 50],
  ] as const;
  const links = [
    [0, 1],
    [1, 2],
    [2, 3],
    [2, 4],
    [3, 5],
    [4, 5],
    [5, 6],
    [5, 7],
    [6, 7],
  ] as const;
  return (
    <Box
      component="svg"
      viewBox="0 0 680 200"
      preserveAspectRatio="xMaxYMid slice"
      aria-hidden="true"
      focusable="false"
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        opacity: 0.45,
        // Keep the drawing away from the text on the left.
        maskImage: 'linear-gradient(90deg, transparent 0%, transparent 40%, #000 80%)',
      }}
    >
      {links.map(([a, b]) => (
        <line
          key={`${a}-${b}`}
          x1={nodes[a][0]}
          y1={nodes[a][1]}
          x2={nodes[b][0]}
          y2={nodes[b][1]}
          stroke="#bfdbfe"
          strokeWidth="1.5"
        />
      ))}
      {nodes.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="6" fill="#1e3a8a" stroke="#bfdbfe" strokeWidth="2" />
      ))}
    </Box>
  );
}

/**
 * Title area of the courseware landing page (000 §2), with a drawn title image when the `titleImage`
 * flag is on (001 §9) and a plain heading otherwise. Props: `isCompact` (search mode: a slimmer banner
 * without the introduction, so results come sooner).
 */
export function TitleBanner({ isCompact = false }: { isCompact?: boolean }) {
  const hasImage = useFeature('titleImage');
  const subtitle =
    'Courses, modules, lessons and hands-on labs for teaching cybersecurity, free to use in class.';
  if (!hasImage) {
    return (
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1">Courseware</Typography>
        {!isCompact && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 2,
        mb: 3,
        px: { xs: 2.5, sm: 4 },
        py: isCompact ? { xs: 2, sm: 2.5 } : { xs: 3, sm: 5 },
        color: 'common.white',
        background: 'linear-gradient(120deg, #0b2a5b 0%, #1565c0 60%, #0f766e 100%)',
      }}
    >
      <BannerArt />
      <Box sx={{ position: 'relative', maxWidth: 560 }}>
        {!isCompact && (
          <Typography variant="overline" sx={{ color: '#bfdbfe', letterSpacing: 1.5 }}>
            Courseware repository
          </Typography>
        )}
        <Typography variant="h1" sx={{ color: 'inherit' }}>
          Courseware
        </Typography>
        {!isCompact && <Typography sx={{ mt: 1, color: '#e0ecff' }}>{subtitle}</Typography>}
      </Box>
    </Box>
  );
}
