import LinkedInIcon from '@mui/icons-material/LinkedIn';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../components/brand-logo';
import { brandOf, type SocialLink } from '../../config/brand';
import { paths } from '../../config/paths';
import { useEnv } from '../../lib/env';
import { visuallyHidden } from '../../lib/visually-hidden';
import { useSession } from '../../lib/session';
import { footerLinks } from './nav-links';

const YEAR = new Date().getFullYear();

const SOCIAL_ICONS: Record<SocialLink['network'], typeof LinkedInIcon> = {
  LinkedIn: LinkedInIcon,
  YouTube: YouTubeIcon,
};

/**
 * The site footer (001 §2 Footer): the logo linking home with the brand's line, the Services, Resources
 * and Contact columns (each link behind its flag; the knowledge base opens in a new tab), the copyright
 * and the brand's social links. No props.
 */
export function Footer() {
  const env = useEnv();
  const { isLoggedIn } = useSession();
  const brand = brandOf(env.brand);
  const columns = footerLinks(env, isLoggedIn);
  return (
    <Box component="footer" sx={{ bgcolor: brand.colors.dark, color: brand.colors.onDark, mt: 6 }}>
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 5,
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
        }}
      >
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <Link
            href={paths.home}
            underline="none"
            aria-label={`${brand.name} home`}
            sx={{ display: 'inline-flex', borderRadius: 1 }}
          >
            <BrandLogo inverse />
          </Link>
          <Typography variant="body2" sx={{ mt: 1.5, maxWidth: 360, color: 'inherit' }}>
            {brand.footer.about}
          </Typography>
        </Box>
        {columns.map((column) => {
          const headingId = `footer-${column.title.toLowerCase()}`;
          return (
            <Box component="nav" aria-labelledby={headingId} key={column.title}>
              <Typography
                id={headingId}
                component="h2"
                sx={{ fontWeight: 700, color: 'common.white', mb: 1 }}
              >
                {column.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, '& li': { mb: 0.75 } }}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      href={link.href}
                      sx={{ color: 'inherit' }}
                      {...(link.isNewTab && { target: '_blank', rel: 'noopener noreferrer' })}
                    >
                      {link.label}
                      {link.isNewTab && (
                        <Box component="span" sx={visuallyHidden}>
                          {' '}
                          (opens in a new tab)
                        </Box>
                      )}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ borderTop: `1px solid ${brand.colors.onDark}33` }}>
        <Box
          sx={{
            maxWidth: 1200,
            mx: 'auto',
            px: { xs: 2, sm: 3 },
            py: 2,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Typography variant="body2" sx={{ color: 'inherit' }}>
            © {YEAR} {brand.footer.copyrightHolder}. Courseware is shared under the licence shown on each
            item.
          </Typography>
          {brand.socialLinks.length > 0 && (
            <Box sx={{ display: 'flex', gap: 0.5 }}>
              {brand.socialLinks.map((social) => {
                const Icon = SOCIAL_ICONS[social.network];
                return (
                  <IconButton
                    key={social.network}
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.network} (opens in a new tab)`}
                    sx={{ color: 'inherit' }}
                  >
                    <Icon />
                  </IconButton>
                );
              })}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
