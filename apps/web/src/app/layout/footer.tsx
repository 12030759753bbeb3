import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../components/brand-logo';
import { BRAND_NAMES } from '../../config/brand';
import { paths } from '../../config/paths';
import { useEnv } from '../../lib/env';
import { serviceLinks } from './nav-links';

const YEAR = new Date().getFullYear();

/**
 * The site footer (001 §2 Footer): the logo linking home, a Services column with the flag-gated links
 * that exist (Courseware, Call for courseware), and the copyright line. No props.
 */
export function Footer() {
  const env = useEnv();
  const links = serviceLinks(env);
  const brand = BRAND_NAMES[env.brand];
  return (
    <Box component="footer" sx={{ bgcolor: '#0b1f3a', color: '#d6e2f3', mt: 6 }}>
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 5,
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' },
        }}
      >
        <Box>
          <Link
            href={paths.home}
            underline="none"
            aria-label="Home"
            sx={{ display: 'inline-flex', borderRadius: 1 }}
          >
            <BrandLogo inverse />
          </Link>
          <Typography variant="body2" sx={{ mt: 1.5, maxWidth: 360, color: 'inherit' }}>
            {brand.tagline}.
          </Typography>
        </Box>
        {links.length > 0 && (
          <Box component="nav" aria-labelledby="footer-services">
            <Typography
              id="footer-services"
              component="h2"
              sx={{ fontWeight: 700, color: 'common.white', mb: 1 }}
            >
              Services
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, '& li': { mb: 0.75 } }}>
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} sx={{ color: 'inherit' }}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Box>
      <Box sx={{ borderTop: '1px solid rgba(214, 226, 243, 0.2)' }}>
        <Typography
          variant="body2"
          sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: 2, color: 'inherit' }}
        >
          © {YEAR} {brand.name}. All rights reserved. Courseware is shared under the licence shown on each
          item.
        </Typography>
      </Box>
    </Box>
  );
}
