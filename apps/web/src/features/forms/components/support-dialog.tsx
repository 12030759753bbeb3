import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EMAIL_MAX, SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@portal/shared/limits';
import {
  supportFormSchema,
  supportRoleText,
  supportTopicOf,
  type SupportOptions,
  type SupportRequest,
  type SupportResponse,
  type SupportTarget,
} from '@portal/shared/schemas/forms';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerIssues } from '../../../lib/form-errors';
import { useSupportOptions } from '../api/get-support-options';
import { useSupportCourses } from '../api/list-support-courses';
import { useSendSupportRequest } from '../api/send-support-request';

/** What the recipients dialog says when the request went to the support address. */
export const SENT_TO_SUPPORT_TEXT =
  'No one is named to receive requests about this, so your request went to the support team:';

/**
 * The support form (001 §5 Support dialog): topic; for a course topic one of the user's courses, for an
 * organization topic their organization; e-mail only when the identity has none; subject; message.
 * Errors sit under the fields with an alert role and the first invalid field is focused.
 */
function SupportForm({
  options,
  titleId,
  onCancel,
  onSent,
}: {
  options: SupportOptions;
  titleId: string;
  onCancel: () => void;
  onSent: (response: SupportResponse) => void;
}) {
  const schema = useMemo(() => supportFormSchema(options.isEmailRequired), [options.isEmailRequired]);
  const { control, handleSubmit, setError, setValue } = useForm<SupportRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      topicId: '' as SupportRequest['topicId'],
      targetId: '',
      email: options.isEmailRequired ? '' : undefined,
      subject: '',
      message: '',
    },
    shouldFocusError: true,
  });
  const topicId = useWatch({ control, name: 'topicId' });
  const topic = supportTopicOf(topicId);
  const courses = useSupportCourses(options.topics.some((t) => t.isCourse));
  const targets: SupportTarget[] = topic?.isCourse
    ? courses.courses
    : topic?.isOrganization
      ? options.organizations
      : [];
  const send = useSendSupportRequest();
  // A new topic asks its own course or organization; a single organization is picked already.
  const onlyOrganization = options.organizations.length === 1 ? options.organizations[0]!.id : '';
  useEffect(() => {
    setValue('targetId', topic?.isOrganization ? onlyOrganization : '');
  }, [topic, onlyOrganization, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      onSent(await send.mutateAsync(values));
    } catch (error) {
      applyServerIssues(setError, error);
    }
  });

  return (
    <>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          aria-labelledby={titleId}
          onSubmit={(event) => void onSubmit(event)}
        >
          {send.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              Your request was not sent. {send.error.message}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField control={control} name="topicId" label="Topic" select required>
              {options.topics.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </FormTextField>
            {(topic?.isCourse || topic?.isOrganization) && (
              <FormTextField
                control={control}
                name="targetId"
                label={topic.isCourse ? 'Course' : 'Organization'}
                select
                required
                helperText={
                  targets.length === 0 && !courses.isPending
                    ? topic.isCourse
                      ? 'You are on no course yet.'
                      : 'Your account belongs to no organization.'
                    : undefined
                }
              >
                {targets.map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {t.name}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
            {options.isEmailRequired && (
              <FormTextField
                control={control}
                name="email"
                label="Email"
                type="email"
                required
                maxLength={EMAIL_MAX}
              />
            )}
            <FormTextField
              control={control}
              name="subject"
              label="Subject"
              required
              maxLength={SUPPORT_SUBJECT_MAX}
            />
            <FormTextField
              control={control}
              name="message"
              label="Message"
              required
              multiline
              minRows={5}
              maxLength={SUPPORT_MESSAGE_MAX}
            />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Who received the request (001 §2: the recipient confirmation dialog): each name with its roles as
 * readable text, or the support address when no one was named.
 */
function RecipientsDialog({ response, onClose }: { response: SupportResponse; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Your request was sent</DialogTitle>
      <DialogContent>
        <Typography>
          {response.isSentToSupport ? SENT_TO_SUPPORT_TEXT : 'Your request was sent to:'}
        </Typography>
        <List aria-label="Recipients">
          {response.recipients.map((r) => (
            <ListItem key={`${r.name} ${r.role}`} disableGutters>
              <ListItemText primary={r.name} secondary={supportRoleText(r.role) || undefined} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The support dialog of signed-in users (001 §2 Support dialog, §4: open, then after submit closed and
 * the recipient dialog shown). Props: `onClose`, called when the user cancels or closes the recipients.
 */
export function SupportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const options = useSupportOptions();
  const [sent, setSent] = useState<SupportResponse | null>(null);
  if (sent) return <RecipientsDialog response={sent} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Request support</DialogTitle>
      {options.data ? (
        <SupportForm options={options.data} titleId={titleId} onCancel={onClose} onSent={setSent} />
      ) : (
        <DialogContent>
          {options.isError ? (
            <Alert severity="error" role="alert">
              {options.error.message}
            </Alert>
          ) : (
            <CircularProgress aria-label="Loading" />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
