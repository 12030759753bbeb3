import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LoginButton } from '../../../components/login-button';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan, useSession } from '../../../lib/session';
import { FollowSettings } from '../../follows/components/follow-settings';
import { LtiIdentities } from '../../lti/components/lti-identities';

/**
 * /account — the signed-in person's account: their name and address, what they follow and how often
 * its digest comes and a link to what they downloaded (faculty and up; issue 37), and the LMS users linked to it with Unlink (issue 33). Signed out, it asks to sign in (no redirect, so a reload keeps the address).
 * No props.
 */
export function AccountPage() {
  useDocumentTitle('Your account');
  const { isLoggedIn, identity } = useSession();
  const canDownload = useCan('CanViewFiles');
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Your account
      </Typography>
      {!isLoggedIn ? (
        <>
          <Typography sx={{ mb: 2 }}>Sign in to see your account.</Typography>
          <LoginButton />
        </>
      ) : (
        <>
          {identity && (
            <Typography sx={{ mb: 3 }}>
              {identity.displayName} · {identity.email}
            </Typography>
          )}
          {canDownload && (
            <Typography sx={{ mb: 3 }}>
              <Link underline="always" href={paths.myDownloads}>
                My downloads
              </Link>
              : what you downloaded, and what changed since.
            </Typography>
          )}
          <Box component="section" aria-labelledby="account-follows-heading" sx={{ mb: 4 }}>
            <Typography id="account-follows-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              Following
            </Typography>
            <FollowSettings enabled={identity !== null} />
          </Box>
          <Box component="section" aria-labelledby="account-lti-heading">
            <Typography id="account-lti-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              LMS links
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              These LMS users sign in to your account when you open the portal from a course. Unlink any you
              do not recognise.
            </Typography>
            <LtiIdentities enabled={identity !== null} />
          </Box>
        </>
      )}
    </Box>
  );
}
