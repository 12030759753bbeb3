import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  LTI_DEPLOYMENT_IDS_MAX,
  LTI_EMAIL_DOMAINS_MAX,
  LTI_FIELD_MAX,
  LTI_URL_MAX,
} from '@portal/shared/schemas/lti';
import {
  LtiEmailDomainsSchema,
  LtiPlatformRequestSchema,
  type LtiPlatform,
  type LtiPlatformRequest,
} from '@portal/shared/schemas/lti';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerIssues } from '../../../lib/form-errors';
import { useSavePlatform } from '../api/platforms';

/**
 * Deployment ids or e-mail domains as typed: one per line (or comma separated), read into the shared
 * request's list.
 */
export function splitDeploymentIds(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
}

/** The form over the shared request schema; deployment ids and e-mail domains are text fields. */
const PlatformFormSchema = LtiPlatformRequestSchema.extend({
  deploymentIds: z.string().transform(splitDeploymentIds).pipe(LtiPlatformRequestSchema.shape.deploymentIds),
  // Checked here as one text: a message of the list's n-th entry would have no field to show under.
  allowedEmailDomains: z.string().transform((text, ctx) => {
    const parsed = LtiEmailDomainsSchema.safeParse(splitDeploymentIds(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Check the domains' });
    return z.NEVER;
  }),
});
type PlatformFormValues = z.input<typeof PlatformFormSchema>;

const EMPTY: PlatformFormValues = {
  name: '',
  issuer: '',
  clientId: '',
  deploymentIds: '',
  authUrl: '',
  tokenUrl: '',
  jwksUrl: '',
  allowedEmailDomains: '',
  newAccountsNeedApproval: false,
};

function valuesOf(platform: LtiPlatform | null): PlatformFormValues {
  if (!platform) return EMPTY;
  const { id: _id, createdAt: _created, updatedAt: _updated, ...request } = platform;
  return {
    ...request,
    deploymentIds: request.deploymentIds.join('\n'),
    allowedEmailDomains: request.allowedEmailDomains.join('\n'),
  };
}

/**
 * Registers an LTI platform, or changes `platform` (issue 26): the fields an LMS shows for a tool of
 * LTI 1.3. Checked by the shared schema (https addresses); the server's messages show under the fields.
 * `onDone` runs after a save, `onCancel` when the admin gives up.
 */
export function PlatformForm({
  platform,
  onDone,
  onCancel,
}: {
  platform: LtiPlatform | null;
  onDone: (saved: LtiPlatform) => void;
  onCancel: () => void;
}) {
  const save = useSavePlatform();
  const { control, handleSubmit, setError } = useForm<PlatformFormValues, unknown, LtiPlatformRequest>({
    resolver: zodResolver(PlatformFormSchema),
    defaultValues: valuesOf(platform),
    shouldFocusError: true,
  });
  const onSubmit = handleSubmit((request) =>
    save.mutate(
      { id: platform?.id ?? null, request },
      { onSuccess: onDone, onError: (error) => applyServerIssues(setError, error) },
    ),
  );
  const field = (
    name: keyof PlatformFormValues,
    label: string,
    helperText: string,
    maxLength = LTI_URL_MAX,
  ) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      helperText={helperText}
      maxLength={maxLength}
      required
      fullWidth
    />
  );
  return (
    <Box
      component="form"
      aria-label={platform ? `Change ${platform.name}` : 'Register a platform'}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <Stack spacing={2}>
        {field(
          'name',
          'Name',
          'How admins and faculty know it, e.g. "Canvas of State University".',
          LTI_FIELD_MAX,
        )}
        {field(
          'issuer',
          'Issuer',
          'The platform ID (iss): for Canvas https://canvas.instructure.com; for Moodle its address.',
        )}
        {field('clientId', 'Client ID', 'The client ID the platform gave this tool.', LTI_FIELD_MAX)}
        <FormTextField
          control={control}
          name="deploymentIds"
          label="Deployment IDs"
          helperText={`One per line; at most ${LTI_DEPLOYMENT_IDS_MAX}. A launch of any other deployment is refused.`}
          multiline
          minRows={2}
          required
          fullWidth
        />
        {field('authUrl', 'Authentication request URL', 'The platform\u2019s OIDC authorization endpoint.')}
        {field('tokenUrl', 'Access token URL', 'The platform\u2019s OAuth 2 token endpoint.')}
        {field('jwksUrl', 'Public keyset URL', 'Where the platform publishes its keys (JWKS).')}
        <FormTextField
          control={control}
          name="allowedEmailDomains"
          label="Allowed e-mail domains"
          helperText={`The school's domains, one per line (at most ${LTI_EMAIL_DOMAINS_MAX}), e.g. state.edu. A launch naming another address is refused. Empty: any address.`}
          multiline
          minRows={2}
          fullWidth
        />
        <Controller
          control={control}
          name="newAccountsNeedApproval"
          render={({ field: checkbox }) => (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={checkbox.value ?? false}
                    onChange={(event) => checkbox.onChange(event.target.checked)}
                    onBlur={checkbox.onBlur}
                    slotProps={{ input: { 'aria-describedby': 'lti-approval-help' } }}
                  />
                }
                label="New accounts wait for approval"
              />
              <FormHelperText id="lti-approval-help">
                Instructors new to the portal get an account when they first launch it. When checked, they may
                not download until an admin makes them faculty under Users.
              </FormHelperText>
            </Box>
          )}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {platform ? 'Save changes' : 'Register platform'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Box>
  );
}
