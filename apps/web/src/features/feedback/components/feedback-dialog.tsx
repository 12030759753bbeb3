import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '@portal/shared/errors';
import { FEEDBACK_MESSAGE_MAX, SCREENSHOT_EXTENSIONS, SCREENSHOT_MAX_BYTES } from '@portal/shared/limits';
import {
  ContentFeedbackRequestSchema,
  SCREENSHOT_HINT,
  SCREENSHOT_TYPE_MESSAGE,
  hasScreenshotExtension,
} from '@portal/shared/schemas/feedback';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';
import { readAsBase64, sendFeedback } from '../api/send-feedback';

/** The dialog's form: the message, checked by the shared request schema (the screenshot is a file). */
const MessageSchema = ContentFeedbackRequestSchema.pick({ message: true });
type MessageForm = z.input<typeof MessageSchema>;

/**
 * The feedback dialog (000 §2, §3 Feedback e-mail, §5): the courseware name, a required message of at
 * most 1000 characters and an optional screenshot (.jpg, .jpeg, .png or .gif, at most 1,000,000 bytes).
 * A react-hook-form form over the shared request schema: an invalid message is focused with its error
 * under it, then a refused screenshot; a failure keeps the dialog open and says why.
 * Props: `contentId`, `contentName`, `onClose`, `onSent`.
 */
export function FeedbackDialog({
  contentId,
  contentName,
  onClose,
  onSent,
}: {
  contentId: string;
  contentName: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const titleId = useId();
  const screenshotHelpId = useId();
  const screenshotRef = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, setError } = useForm<MessageForm>({
    resolver: zodResolver(MessageSchema),
    shouldFocusError: true,
    defaultValues: { message: '' },
  });
  const messageLength = useWatch({ control, name: 'message' }).length;
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState('');
  const [sendError, setSendError] = useState('');
  const [isSending, setIsSending] = useState(false);

  const onPick = (file: File | null) => {
    setSendError('');
    if (file && !hasScreenshotExtension(file.name)) {
      setScreenshotError(SCREENSHOT_TYPE_MESSAGE);
      setScreenshot(null);
      if (screenshotRef.current) screenshotRef.current.value = '';
      return;
    }
    if (file && file.size > SCREENSHOT_MAX_BYTES) {
      setScreenshotError(MESSAGES.uploadTooLarge);
      setScreenshot(null);
      if (screenshotRef.current) screenshotRef.current.value = '';
      return;
    }
    setScreenshotError('');
    setScreenshot(file);
  };

  /**
   * Sends a valid message (the form focuses an invalid one: shouldFocusError); a refused screenshot is
   * focused instead of sending.
   */
  const send = async ({ message }: { message: string }) => {
    setSendError('');
    if (screenshotError) {
      screenshotRef.current?.focus();
      return;
    }
    setIsSending(true);
    try {
      const body = screenshot
        ? { message, screenshot: { name: screenshot.name, base64: await readAsBase64(screenshot) } }
        : { message };
      await sendFeedback(contentId, body);
      onSent();
    } catch (error) {
      // The field is enabled again at once, so the server's issue on it can take the focus.
      flushSync(() => setIsSending(false));
      applyServerIssues(setError, error, { fields: ['message'] });
      if (error instanceof ApiError && error.code === 'too_large') {
        setScreenshotError(error.message);
        screenshotRef.current?.focus();
      }
      setSendError(
        `Your feedback was not sent. ${error instanceof Error ? error.message : 'Please try again.'}`,
      );
    }
  };

  return (
    <Dialog open onClose={isSending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Send feedback</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
          <Typography sx={{ mb: 2 }}>
            Courseware: <strong>{contentName}</strong>
          </Typography>
          {sendError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {sendError}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="message"
            label="Message"
            multiline
            minRows={4}
            fullWidth
            required
            disabled={isSending}
            maxLength={FEEDBACK_MESSAGE_MAX}
            helperText={`${messageLength}/${FEEDBACK_MESSAGE_MAX}`}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
            <Button component="label" variant="outlined" disabled={isSending}>
              {screenshot ? 'Replace screenshot' : 'Add screenshot'}
              <input
                ref={screenshotRef}
                type="file"
                hidden
                accept={SCREENSHOT_EXTENSIONS.join(',')}
                aria-label="Screenshot"
                aria-describedby={screenshotHelpId}
                aria-invalid={Boolean(screenshotError)}
                onChange={(event) => onPick(event.target.files?.[0] ?? null)}
              />
            </Button>
            {screenshot && (
              <>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {screenshot.name}
                </Typography>
                <Button size="small" disabled={isSending} onClick={() => onPick(null)}>
                  Remove
                </Button>
              </>
            )}
          </Stack>
          <FormHelperText
            id={screenshotHelpId}
            error={Boolean(screenshotError)}
            role={screenshotError ? 'alert' : undefined}
          >
            {screenshotError || SCREENSHOT_HINT}
          </FormHelperText>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void handleSubmit(send)()} disabled={isSending}>
          {isSending ? 'Sending…' : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
