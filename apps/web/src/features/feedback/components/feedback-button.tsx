import FeedbackIcon from '@mui/icons-material/Feedback';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Suspense, lazy, useState } from 'react';

/** Shown after the server has accepted the feedback. */
export const FEEDBACK_SENT_MESSAGE = 'Thank you: your feedback was sent to the support team.';

/** The dialog's form loads when the button is first pressed. */
const FeedbackDialog = lazy(async () => ({ default: (await import('./feedback-dialog')).FeedbackDialog }));

/**
 * The vertical Feedback button at the right edge of a content page (000 §2), for users with
 * CanSendContentFeedback (the caller checks). It opens the feedback dialog; after sending, the user is
 * told the feedback went to the support team. Props: `contentId`, `contentName`.
 */
export function FeedbackButton({ contentId, contentName }: { contentId: string; contentName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isSent, setIsSent] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        aria-label="Feedback"
        startIcon={<FeedbackIcon sx={{ transform: 'rotate(90deg)' }} />}
        onClick={() => setIsOpen(true)}
        sx={{
          position: 'fixed',
          right: 0,
          // On phones the tab sits low and shows only its icon, so it covers less of the text.
          top: { xs: 'auto', sm: '50%' },
          bottom: { xs: 96, sm: 'auto' },
          zIndex: (theme) => theme.zIndex.speedDial,
          writingMode: 'vertical-rl',
          transform: { xs: 'rotate(180deg)', sm: 'translateY(-50%) rotate(180deg)' },
          borderRadius: '0 8px 8px 0',
          minWidth: 0,
          px: { xs: 0.75, sm: 1 },
          py: 1.5,
          '& .MuiButton-startIcon': { m: 0, mb: { xs: 0, sm: 1 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Feedback
        </Box>
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <FeedbackDialog
            contentId={contentId}
            contentName={contentName}
            onClose={() => setIsOpen(false)}
            onSent={() => {
              setIsOpen(false);
              setIsSent(true);
            }}
          />
        </Suspense>
      )}
      <Snackbar open={isSent} autoHideDuration={null} onClose={() => setIsSent(false)}>
        <Alert severity="success" role="status" onClose={() => setIsSent(false)} variant="filled">
          {FEEDBACK_SENT_MESSAGE}
        </Alert>
      </Snackbar>
    </>
  );
}
