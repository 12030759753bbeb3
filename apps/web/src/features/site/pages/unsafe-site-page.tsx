import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { UNSAFE_SITE_ADDRESS_MAX } from '@portal/shared/limits';
import { useDocumentTitle } from '../../../lib/document-title';
import { reportUnsafeSite } from '../api/report-unsafe-site';

const bounce = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(18px); }
`;

/** The blocked address: the `url` query a filter sends, else the referrer; null when neither is known. */
function blockedAddress(): string | null {
  const fromQuery = new URLSearchParams(window.location.search).get('url');
  const address = fromQuery || document.referrer || null;
  return address ? address.slice(0, UNSAFE_SITE_ADDRESS_MAX) : null;
}

function Arrow({ delay }: { delay: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 48 48"
      aria-hidden="true"
      sx={{
        width: { xs: 40, sm: 56 },
        height: { xs: 40, sm: 56 },
        animation: `${bounce} 1.2s ease-in-out ${delay}s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <path
        d="M24 6v30M10 24l14 14 14-14"
        fill="none"
        stroke="#ffe066"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/**
 * /unsafe_site, outside the layout (001 §2): a warning with animated arrows that reads 'THIS WEBSITE IS
 * NOT ALLOWED!'; the visit is reported to the server once (admins list the incidents). No props.
 */
export function UnsafeSitePage() {
  useDocumentTitle('This website is not allowed');
  const isReported = useRef(false);
  useEffect(() => {
    if (isReported.current) return;
    isReported.current = true;
    // A failed report must not hide the warning; the shell's error dialog says what went wrong.
    void reportUnsafeSite({ address: blockedAddress() }).catch(() => undefined);
  }, []);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: '#7f1d1d',
        color: '#ffffff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        textAlign: 'center',
      }}
    >
      <Box sx={{ display: 'flex', gap: { xs: 2, sm: 4 } }}>
        <Arrow delay={0} />
        <Arrow delay={0.2} />
        <Arrow delay={0.4} />
      </Box>
      <Typography
        variant="h1"
        sx={{ fontSize: { xs: '2rem', sm: '3.25rem' }, fontWeight: 900, letterSpacing: '0.02em' }}
      >
        THIS WEBSITE IS NOT ALLOWED!
      </Typography>
      <Typography sx={{ maxWidth: 560, fontSize: '1.125rem' }}>
        The range blocked this address. The visit has been reported to the range administrators.
      </Typography>
    </Box>
  );
}
