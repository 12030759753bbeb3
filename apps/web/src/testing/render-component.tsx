/**
 * Renders one component (a dialog, a form) inside the app's real providers — site configuration, a
 * fresh query client, the brand's theme — without the router: for component tests beside the code,
 * with only fetch mocked (see mock-api.ts).
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { EnvJson } from '@portal/shared/schemas/site';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { makeEnv } from './fixtures';

/** Renders `ui` in the app's providers; `env` defaults to `makeEnv()`. */
export function renderComponent(ui: ReactNode, options: { env?: EnvJson } = {}) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient} env={options.env ?? makeEnv()}>
      {ui}
    </AppProviders>,
  );
  return { ...result, queryClient, user };
}
