import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MESSAGES } from '@portal/shared/errors';
import { INVITATION_EMAILS_MAX } from '@portal/shared/limits';
import { CourseInvitationRequestSchema } from '@portal/shared/schemas/identity';
import { FormTextField } from '../../../components/form-text-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { applyServerIssues } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useCourseOptions, useInvitations, useInviteStudents } from '../api/course-invitations';
import { GuardRedirect } from '../../../components/session-guard';

interface CourseOption {
  id: string;
  name: string;
}

/** Addresses typed one per line or separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The invitation form's one field: addresses as typed, read into the shared request's list; an address
 * that is not one is named in the message.
 */
const InviteFormSchema = z.object({
  emails: z
    .string()
    .transform((text, context) => {
      const emails = splitEmails(text);
      const bad = emails.filter(
        (e) => !CourseInvitationRequestSchema.shape.emails.element.safeParse(e).success,
      );
      if (bad.length > 0) {
        context.addIssue({ code: 'custom', message: `Not valid e-mail addresses: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return emails;
    })
    .pipe(CourseInvitationRequestSchema.shape.emails),
});

/**
 * Invites students to one course by e-mail (issue 5) and lists this user's invitations to it. The
 * addresses are checked by the shared request schema; its and the server's messages show under the
 * field, which takes the focus. Props: `course` (the picked course).
 */
function InviteForm({ course }: { course: CourseOption }) {
  const invite = useInviteStudents(course.id);
  const canInvite = useCan('CanInviteStudents');
  const invitations = useInvitations(course.id, canInvite);
  const [sent, setSent] = useState<number | null>(null);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(InviteFormSchema),
    defaultValues: { emails: '' },
    shouldFocusError: true,
  });
  const onSubmit = handleSubmit(({ emails }) =>
    invite.mutate(emails, {
      onSuccess: (result) => {
        setSent(result.items.length);
        reset({ emails: '' });
      },
      onError: (error) => applyServerIssues(setError, error, { fields: ['emails'] }),
    }),
  );
  return (
    <>
      <Box component="form" onSubmit={(event) => void onSubmit(event)} noValidate sx={{ mb: 3 }}>
        <FormTextField
          control={control}
          name="emails"
          label="Student e-mail addresses"
          multiline
          minRows={3}
          fullWidth
          required
          helperText={`One per line, or separated by commas; at most ${INVITATION_EMAILS_MAX}.`}
        />
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={invite.isPending}>
          Send invitations
        </Button>
      </Box>
      {sent !== null && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {sent} {sent === 1 ? 'student is' : 'students are'} invited to {course.name}. Students with an
          account can open the course now; the others get an e-mail to sign up.
        </Alert>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Your invitations to this course
      </Typography>
      <Table size="small" aria-label="Invitations">
        <TableHead>
          <TableRow>
            <TableCell>E-mail</TableCell>
            <TableCell>Invited</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(invitations.data?.items ?? []).length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{MESSAGES.noData}</TableCell>
            </TableRow>
          )}
          {invitations.data?.items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{item.email}</TableCell>
              <TableCell>{formatDate(item.createdAt)}</TableCell>
              <TableCell>
                {item.acceptedAt ? 'Has the course' : 'Invited: waiting for them to sign in'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/**
 * /invitations — faculty invite students to a course by e-mail (issue 5; 001 §1: students reach the
 * exercise area only by faculty invitation). Needs CanInviteStudents, else home. No props.
 */
export function CourseInvitationsPage() {
  useDocumentTitle('Invite students');
  const canInvite = useCan('CanInviteStudents');
  const [input, setInput] = useState('');
  const query = useDeferredValue(input);
  const courses = useCourseOptions(query);
  const [course, setCourse] = useState<CourseOption | null>(null);
  if (!canInvite) return <GuardRedirect to={paths.home} />;
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Invite students
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Invited students get the course and, with it, the exercise area. A student without an account gets an
        e-mail to sign up with the invited address.
      </Typography>
      <Autocomplete
        options={courses.data ?? []}
        value={course}
        onChange={(_event, value) => setCourse(value)}
        inputValue={input}
        onInputChange={(_event, value) => setInput(value)}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        loading={courses.isFetching}
        noOptionsText="No matching courses."
        renderInput={(params) => <TextField {...params} label="Course" required />}
        sx={{ mb: 3 }}
      />
      {course && <InviteForm key={course.id} course={course} />}
    </Box>
  );
}
