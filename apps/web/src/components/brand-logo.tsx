import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brandOf, type Brand } from '../config/brand';
import { useEnv } from '../lib/env';

/** The brand mark: a shield with a check, drawn inline so it needs no request. */
function LogoMark({ size, colors }: { size: number; colors: Brand['colors'] }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill={colors.primary} />
      <path
        d="M16 5l9 4v6c0 6-4 10-9 12-5-2-9-6-9-12V9z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M11.5 16l3 3 6-6"
        fill="none"
        stroke={colors.accent}
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The logo with the brand name of the active variant (001 §1). Not a link itself: header and footer
 * wrap it. Props: `size` of the mark in px, `inverse` for dark backgrounds.
 */
export function BrandLogo({ size = 32, inverse = false }: { size?: number; inverse?: boolean }) {
  const brand = brandOf(useEnv().brand);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark size={size} colors={brand.colors} />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: { xs: '1rem', sm: size > 28 ? '1.125rem' : '1rem' },
          color: inverse ? 'common.white' : 'text.primary',
          whiteSpace: 'nowrap',
        }}
      >
        {brand.name}
      </Typography>
    </Box>
  );
}
