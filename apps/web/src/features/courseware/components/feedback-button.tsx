import FeedbackIcon from '@mui/icons-material/Feedback';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FEEDBACK_MESSAGE_MAX } from '@portal/shared/limits';

/**
 * The vertical Feedback button at the right edge of a content page (000 §2), for users with
 * CanSendContentFeedback (the caller checks). It opens the feedback dialog with the courseware name and
 * a message field; sending is not available yet (a later issue adds it), so Send stays disabled.
 * Props: `contentName`.
 */
export function FeedbackButton({ contentName }: { contentName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [message, setMessage] = useState('');
  const titleId = useId();
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
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>Send feedback</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Courseware: <strong>{contentName}</strong>
          </Typography>
          <TextField
            label="Message"
            multiline
            minRows={4}
            fullWidth
            required
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: FEEDBACK_MESSAGE_MAX } }}
            helperText={`${message.length}/${FEEDBACK_MESSAGE_MAX} · Sending feedback from this page is not available yet.`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled>
            Send
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
