import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { NEWSLETTER_LINK_INVALID } from '@portal/shared/schemas/forms';
import { useDocumentTitle } from '../../../lib/document-title';
import { useNewsletterLink, type NewsletterLinkAction } from '../api/use-newsletter-link';

const TEXTS: Record<NewsletterLinkAction, { title: string; lead: string; button: string; done: string }> = {
  confirm: {
    title: 'Confirm your subscription',
    lead: 'Confirm that you want to receive our newsletter at this address.',
    button: 'Confirm subscription',
    done: 'Thank you: your subscription is confirmed.',
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    lead: 'Stop receiving our newsletter at this address.',
    button: 'Unsubscribe',
    done: 'You are unsubscribed and will receive no more newsletter e-mails.',
  },
};

/**
 * /newsletter/confirm?token= and /newsletter/unsubscribe?token= — the links of newsletter e-mails; no
 * sign-in needed. The change happens on a button press, not on opening the link, so mail scanners that
 * open links change nothing. Props: `action`.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const text = TEXTS[action];
  useDocumentTitle(text.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useNewsletterLink(action);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {text.title}
      </Typography>
      {link.isSuccess ? (
        <Alert severity="success" role="status">
          {text.done}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{text.lead}</Typography>
          {(link.isError || !token) && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {link.error?.message ?? NEWSLETTER_LINK_INVALID}
            </Alert>
          )}
          <Button variant="contained" disabled={!token || link.isPending} onClick={() => link.mutate(token)}>
            {text.button}
          </Button>
        </>
      )}
    </Box>
  );
}

/** /newsletter/confirm. No props. */
export function NewsletterConfirmPage() {
  return <NewsletterLinkPage action="confirm" />;
}

/** /newsletter/unsubscribe. No props. */
export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
