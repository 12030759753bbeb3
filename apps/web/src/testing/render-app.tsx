/**
 * Renders the real route table in a memory router, with the real providers and query client: tests go
 * through loaders, lazy pages and the API client, with only fetch mocked (see mock-api.ts).
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '@portal/shared/enums';
import type { EnvJson } from '@portal/shared/schemas/site';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/router';
import { setAccessToken } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { makeEnv } from './fixtures';

export interface RenderAppOptions {
  env?: EnvJson;
  /** Signs in as a demo role before rendering (the session endpoint must be mocked). */
  signedInAs?: Role;
}

/** Renders the app at `url`. */
export function renderApp(url: string, options: RenderAppOptions = {}) {
  if (options.signedInAs) {
    setAccessToken({
      accessToken: `test-token-${options.signedInAs}`,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      expiresIn: 3600,
    });
  }
  const env = options.env ?? makeEnv();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, env }), { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient} env={env}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user };
}
