import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { EnvJson } from '@portal/shared/schemas/site';
import { EnvProvider } from '../lib/env';
import { brandOf } from '../config/brand';
import { createBrandTheme } from './theme';

/**
 * Everything the app runs inside: site configuration, the query client, the brand's MUI theme and baseline.
 * Props: `queryClient`, `env` (from /dist/env.json), `children` (the router).
 */
export function AppProviders({
  queryClient,
  env,
  children,
}: {
  queryClient: QueryClient;
  env: EnvJson;
  children: ReactNode;
}) {
  const theme = useMemo(() => createBrandTheme(brandOf(env.brand)), [env.brand]);
  return (
    <EnvProvider env={env}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </QueryClientProvider>
    </EnvProvider>
  );
}
