import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { FEEDBACK_MESSAGE_MAX, SCREENSHOT_EXTENSIONS, SCREENSHOT_MAX_BYTES } from '@portal/shared/limits';
import {
  ContentFeedbackRequestSchema,
  SCREENSHOT_HINT,
  SCREENSHOT_TYPE_MESSAGE,
  hasScreenshotExtension,
} from '@portal/shared/schemas/feedback';
import { ApiError } from '../../../lib/api-client';
import { readAsBase64, sendFeedback } from '../api/send-feedback';

/**
 * The feedback dialog (000 §2, §3 Feedback e-mail, §5): the courseware name, a required message of at
 * most 1000 characters and an optional screenshot (.jpg, .jpeg, .png or .gif, at most 1,000,000 bytes).
 * An invalid form focuses its first invalid field; a failure keeps the dialog open and says why.
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
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const screenshotRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ message?: string; screenshot?: string }>({});
  const [sendError, setSendError] = useState('');
  const [isSending, setIsSending] = useState(false);

  const onPick = (file: File | null) => {
    setSendError('');
    if (file && !hasScreenshotExtension(file.name)) {
      setErrors((e) => ({ ...e, screenshot: SCREENSHOT_TYPE_MESSAGE }));
      setScreenshot(null);
      if (screenshotRef.current) screenshotRef.current.value = '';
      return;
    }
    if (file && file.size > SCREENSHOT_MAX_BYTES) {
      setErrors((e) => ({ ...e, screenshot: MESSAGES.uploadTooLarge }));
      setScreenshot(null);
      if (screenshotRef.current) screenshotRef.current.value = '';
      return;
    }
    setErrors((e) => ({ ...e, screenshot: undefined }));
    setScreenshot(file);
  };

  const onSend = async () => {
    setSendError('');
    const parsed = ContentFeedbackRequestSchema.pick({ message: true }).safeParse({ message });
    if (!parsed.success) {
      setErrors((e) => ({ ...e, message: parsed.error.issues[0]?.message }));
      messageRef.current?.focus();
      return;
    }
    if (errors.screenshot) {
      screenshotRef.current?.focus();
      return;
    }
    setIsSending(true);
    try {
      const body = screenshot
        ? {
            message: parsed.data.message,
            screenshot: { name: screenshot.name, base64: await readAsBase64(screenshot) },
          }
        : { message: parsed.data.message };
      await sendFeedback(contentId, body);
      onSent();
    } catch (error) {
      setIsSending(false);
      if (error instanceof ApiError && error.code === 'too_large') {
        setErrors((e) => ({ ...e, screenshot: error.message }));
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
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSend();
          }}
        >
          <Typography sx={{ mb: 2 }}>
            Courseware: <strong>{contentName}</strong>
          </Typography>
          {sendError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {sendError}
            </Alert>
          )}
          <TextField
            label="Message"
            multiline
            minRows={4}
            fullWidth
            required
            value={message}
            disabled={isSending}
            inputRef={messageRef}
            onChange={(event) => {
              setMessage(event.target.value);
              setErrors((e) => ({ ...e, message: undefined }));
            }}
            error={Boolean(errors.message)}
            helperText={errors.message ?? `${message.length}/${FEEDBACK_MESSAGE_MAX}`}
            slotProps={{
              htmlInput: { maxLength: FEEDBACK_MESSAGE_MAX },
              formHelperText: { role: errors.message ? 'alert' : undefined },
            }}
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
                aria-invalid={Boolean(errors.screenshot)}
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
            error={Boolean(errors.screenshot)}
            role={errors.screenshot ? 'alert' : undefined}
          >
            {errors.screenshot ?? SCREENSHOT_HINT}
          </FormHelperText>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void onSend()} disabled={isSending}>
          {isSending ? 'Sending…' : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
