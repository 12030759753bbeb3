import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EnvJson } from '@portal/shared/schemas/site';
import { EnvProvider } from '../lib/env';
import { theme } from './theme';

/**
 * Everything the app runs inside: site configuration, the query client, the MUI theme and baseline.
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
