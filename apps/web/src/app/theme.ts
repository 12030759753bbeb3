/**
 * The MUI theme of a brand variant (001 §1): the brand's colours on a light page, system fonts (the CSP
 * allows no font hosts), visible focus rings, and router-aware links (`href` on Link and Button navigates
 * inside the app).
 */
import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import type { Brand } from '../config/brand';
import { LinkBehavior } from '../components/link-behavior';
import { focusRing } from '../lib/focus-ring';

const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** Builds the theme of `brand`. */
export function createBrandTheme(brand: Brand): Theme {
  const { colors } = brand;
  return responsiveFontSizes(
    createTheme({
      palette: {
        primary: { main: colors.primary, dark: colors.primaryDark },
        secondary: { main: colors.secondary },
        background: { default: colors.background, paper: '#ffffff' },
        text: { primary: '#1c2025', secondary: '#4b5563' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily,
        h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2 },
        h2: { fontSize: '1.375rem', fontWeight: 600, lineHeight: 1.3 },
        h3: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.4 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            ':focus-visible': focusRing,
            body: { minWidth: 320 },
          },
        },
        MuiLink: { defaultProps: { component: LinkBehavior, underline: 'hover' } },
        MuiButtonBase: {
          defaultProps: { LinkComponent: LinkBehavior },
          styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
      },
    }),
  );
}
