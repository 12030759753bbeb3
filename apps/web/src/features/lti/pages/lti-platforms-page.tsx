import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import type { LtiPlatform } from '@portal/shared/schemas/lti';
import { paths } from '../../../config/paths';
import { browser } from '../../../lib/browser';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useDeletePlatform, usePlatforms } from '../api/platforms';
import { useRotateToolKey, useToolKeys } from '../api/tool-keys';
import { PlatformForm } from '../components/platform-form';
import { GuardRedirect } from '../../../components/session-guard';
import { LoadMoreButton } from '../../../components/load-more-button';

/** The addresses an LMS admin enters for this tool (docs/lti.md). */
function ToolAddresses() {
  const origin = window.location.origin;
  const rows: [string, string][] = [
    ['OIDC login initiation URL', `${origin}/lti/login`],
    ['Redirect (launch) URL and target link URI', `${origin}/lti/launch`],
    ['Public keyset (JWKS) URL', `${origin}/.well-known/jwks.json`],
  ];
  return (
    <Table size="small" aria-label="This tool's addresses" sx={{ mb: 3 }}>
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The tool keys: which signs, when rotated ones retire; a button rotates. */
function ToolKeys({ enabled }: { enabled: boolean }) {
  const keys = useToolKeys(enabled);
  const rotate = useRotateToolKey();
  return (
    <Box sx={{ mt: 4 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Tool keys
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Platforms read these from the public keyset URL. A rotated key keeps verifying for a few days, so
        platforms that cached the keyset are not broken.
      </Typography>
      {keys.isError && <Alert severity="error">The keys could not be loaded.</Alert>}
      <Table size="small" aria-label="Tool keys">
        <TableHead>
          <TableRow>
            <TableCell>Key ID</TableCell>
            <TableCell>Made</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.data?.items.map((key) => (
            <TableRow key={key.kid}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{key.kid}</TableCell>
              <TableCell>{formatDate(key.createdAt)}</TableCell>
              <TableCell>
                {key.isSigning ? 'Signs' : `Verifies until ${formatDate(key.retiresAt ?? key.createdAt)}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button sx={{ mt: 1 }} onClick={() => rotate.mutate()} disabled={rotate.isPending}>
        Rotate the signing key
      </Button>
    </Box>
  );
}

/**
 * /admin/lti — the LMS platforms (issue 26; LTI 1.3 with deep linking): the addresses to give an LMS,
 * the registered platforms (paged), a form to register or change one, and the tool keys. Needs
 * CanManageOrganization, else home. No props.
 */
export function LtiPlatformsPage() {
  useDocumentTitle('LMS platforms');
  const canManage = useCan('CanManageOrganization');
  const platforms = usePlatforms(canManage);
  const remove = useDeletePlatform();
  const [editing, setEditing] = useState<LtiPlatform | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!canManage) return <GuardRedirect to={paths.home} />;
  const items = platforms.data?.pages.flatMap((page) => page.items) ?? [];
  const onDelete = (platform: LtiPlatform) => {
    if (!browser.confirm(`Remove ${platform.name}? Its links in courses stop launching.`)) return;
    remove.mutate(platform.id, { onSuccess: () => setNotice(`${platform.name} was removed.`) });
  };
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        LMS platforms
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Canvas, Moodle and other LMSs open the courseware through LTI 1.3: faculty pick items from the portal
        inside their course (deep linking), and students open them from the course. Give the LMS these
        addresses, then register the values it shows you below.
      </Typography>
      <ToolAddresses />
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {platforms.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {platforms.isError && <Alert severity="error">The platforms could not be loaded.</Alert>}
      <Table size="small" aria-label="Registered platforms">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Issuer</TableCell>
            <TableCell>Client ID</TableCell>
            <TableCell>Deployments</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {platforms.data && items.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{MESSAGES.noData}</TableCell>
            </TableRow>
          )}
          {items.map((platform) => (
            <TableRow key={platform.id}>
              <TableCell>{platform.name}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{platform.issuer}</TableCell>
              <TableCell>{platform.clientId}</TableCell>
              <TableCell>{platform.deploymentIds.join(', ')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="small"
                  onClick={() => setEditing(platform)}
                  aria-label={`Change ${platform.name}`}
                >
                  Change
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onDelete(platform)}
                  aria-label={`Remove ${platform.name}`}
                >
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <LoadMoreButton query={platforms} label="Show more platforms" sx={{}} />
      {editing === null ? (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setEditing('new')}>
          Register a platform
        </Button>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            {editing === 'new' ? 'Register a platform' : `Change ${editing.name}`}
          </Typography>
          <PlatformForm
            key={editing === 'new' ? 'new' : editing.id}
            platform={editing === 'new' ? null : editing}
            onDone={(saved) => {
              setEditing(null);
              setNotice(`${saved.name} is saved.`);
            }}
            onCancel={() => setEditing(null)}
          />
        </Paper>
      )}
      <ToolKeys enabled={canManage} />
    </Box>
  );
}
