import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CONTACT_FIELD_MAX, CONTACT_MESSAGE_MAX } from '@portal/shared/limits';
import {
  CONTACT_CONFIRMATION,
  CONTACT_ERROR_PREFIX,
  CONTACT_OFFICE_ADDRESS,
  CONTACT_TOPIC_QUESTION,
  CONTACT_TOPICS,
  TRAP_FIELD,
  contactFormSchema,
  type ContactRequest,
} from '@portal/shared/schemas/forms';
import { FormTextField } from '../../../components/form-text-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { applyServerIssues } from '../../../lib/form-errors';
import { useEnv } from '../../../lib/env';
import { useSendContactRequest } from '../api/send-contact-request';
import { TrapField } from '../components/trap-field';

const EMPTY: ContactRequest = {
  name: '',
  email: '',
  organization: '',
  topic: undefined,
  subject: '',
  message: '',
  [TRAP_FIELD]: '',
};

/**
 * /contact-us and /contact (001 §2 Contact page, §4 Contact form, §5): the intro, Name, Email,
 * Organization, the brand's topic question (required when offered; the state brand offers none),
 * Subject and Message; 'Send Message'. A failed submit focuses the first invalid field and prefixes the
 * messages with 'Error: '; once sent, the confirmation and the office address replace the form. A filled
 * trap field is answered the same way and nothing is sent. No props.
 */
export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { brand } = useEnv();
  const topics = CONTACT_TOPICS[brand];
  const schema = useMemo(() => contactFormSchema(topics), [topics]);
  const { control, handleSubmit, register, setError } = useForm<ContactRequest>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    shouldFocusError: true,
  });
  const send = useSendContactRequest();
  const [isSent, setIsSent] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      // The alert above the form says why; the fields the server names show it too.
      applyServerIssues(setError, error);
      return;
    }
    setIsSent(true);
  });

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Contact Us
      </Typography>
      {isSent ? (
        <Stack spacing={2} role="status">
          <Typography>{CONTACT_CONFIRMATION}</Typography>
          <Typography color="text.secondary">{CONTACT_OFFICE_ADDRESS[brand]}</Typography>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Contact form">
          <Typography sx={{ mb: 3 }}>
            Thank you for your interest. Please use the form below to contact us with any questions or
            comments.
          </Typography>
          {send.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              Your message was not sent. {send.error.message}
            </Alert>
          )}
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="name"
              label="Name"
              required
              maxLength={CONTACT_FIELD_MAX}
              errorPrefix={CONTACT_ERROR_PREFIX}
            />
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              required
              maxLength={CONTACT_FIELD_MAX}
              errorPrefix={CONTACT_ERROR_PREFIX}
            />
            <FormTextField
              control={control}
              name="organization"
              label="Organization"
              required
              maxLength={CONTACT_FIELD_MAX}
              errorPrefix={CONTACT_ERROR_PREFIX}
            />
            {topics.length > 0 && (
              <Controller
                control={control}
                name="topic"
                render={({ field, fieldState }) => (
                  <FormControl required error={Boolean(fieldState.error)}>
                    <FormLabel id="contact-topic-label">{CONTACT_TOPIC_QUESTION}</FormLabel>
                    <RadioGroup
                      aria-labelledby="contact-topic-label"
                      name={field.name}
                      value={field.value ?? ''}
                      onChange={(event) => field.onChange(event.target.value)}
                    >
                      {topics.map((topic, index) => (
                        <FormControlLabel
                          key={topic}
                          value={topic}
                          label={topic}
                          control={
                            <Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />
                          }
                        />
                      ))}
                    </RadioGroup>
                    {fieldState.error && (
                      <FormHelperText role="alert">
                        {CONTACT_ERROR_PREFIX}
                        {fieldState.error.message}
                      </FormHelperText>
                    )}
                  </FormControl>
                )}
              />
            )}
            <FormTextField
              control={control}
              name="subject"
              label="Subject"
              required
              maxLength={CONTACT_FIELD_MAX}
              errorPrefix={CONTACT_ERROR_PREFIX}
            />
            <FormTextField
              control={control}
              name="message"
              label="Message"
              required
              multiline
              minRows={5}
              maxLength={CONTACT_MESSAGE_MAX}
              errorPrefix={CONTACT_ERROR_PREFIX}
            />
            <TrapField registration={register(TRAP_FIELD)} />
            <Box>
              <Button type="submit" variant="contained" disabled={send.isPending}>
                Send Message
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
