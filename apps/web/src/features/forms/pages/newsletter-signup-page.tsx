import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { NEWSLETTER_FIELD_MAX } from '@portal/shared/limits';
import {
  EMAIL_FORMATS,
  NEWSLETTER_CONFIRMATION_COMMENT,
  NEWSLETTER_CONFIRMATION_TITLE,
  NewsletterSignupRequestSchema,
  TRAP_FIELD,
  type NewsletterSignupRequest,
} from '@portal/shared/schemas/forms';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { applyServerIssues } from '../../../lib/form-errors';
import { useCreateNewsletterSubscriber } from '../api/create-newsletter-subscriber';
import { TrapField } from '../components/trap-field';

type NewsletterForm = z.input<typeof NewsletterSignupRequestSchema>;

const EMPTY: NewsletterForm = {
  emailAddress: '',
  firstName: '',
  lastName: '',
  organization: '',
  jobTitle: '',
  emailFormat: 'HTML',
  [TRAP_FIELD]: '',
};

/**
 * /newsletter-signup (001 §2 Newsletter signup, §4 Newsletter form, §5): e-mail, first and last name,
 * organization, job title (each required, at most 256) and the format (HTML or TEXT, HTML by default).
 * An invalid submit focuses the first invalid field; on success the confirmation title, a comment and a
 * button to the community page replace the form. The answer is the same for a trap hit. No props.
 */
export function NewsletterSignupPage() {
  useDocumentTitle('Newsletter Signup');
  const { control, handleSubmit, register, setError } = useForm<
    NewsletterForm,
    unknown,
    NewsletterSignupRequest
  >({
    resolver: zodResolver(NewsletterSignupRequestSchema),
    defaultValues: EMPTY,
    shouldFocusError: true,
  });
  const create = useCreateNewsletterSubscriber();
  const [isSignedUp, setIsSignedUp] = useState(false);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      // The alert above the form says why; the fields the server names show it too.
      applyServerIssues(setError, error);
      return;
    }
    setIsSignedUp(true);
  });
  const field = (name: keyof Omit<NewsletterForm, 'emailFormat' | typeof TRAP_FIELD>, label: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      maxLength={NEWSLETTER_FIELD_MAX}
      type={name === 'emailAddress' ? 'email' : 'text'}
    />
  );

  if (isSignedUp) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }} role="status">
        <Typography variant="h1">{NEWSLETTER_CONFIRMATION_TITLE}</Typography>
        <Typography>{NEWSLETTER_CONFIRMATION_COMMENT}</Typography>
        <Box>
          <Button variant="contained" component={RouterLink} to={paths.community}>
            Visit our community
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Newsletter Signup
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Sign up for our newsletter to hear about new courseware, events and news of the cyber range.
      </Typography>
      {create.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          You were not signed up. {create.error.message}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Newsletter signup"
      >
        <Stack spacing={2}>
          {field('emailAddress', 'Email')}
          {field('firstName', 'First Name')}
          {field('lastName', 'Last Name')}
          {field('organization', 'Organization')}
          {field('jobTitle', 'Job Title')}
          <Controller
            control={control}
            name="emailFormat"
            render={({ field: format }) => (
              <FormControl>
                <FormLabel id="newsletter-format-label">Email Format</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="newsletter-format-label"
                  name={format.name}
                  value={format.value}
                  onChange={(event) => format.onChange(event.target.value)}
                >
                  {EMAIL_FORMATS.map((value) => (
                    <FormControlLabel key={value} value={value} label={value} control={<Radio />} />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          <TrapField registration={register(TRAP_FIELD)} />
          <Box>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Sign Up
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
