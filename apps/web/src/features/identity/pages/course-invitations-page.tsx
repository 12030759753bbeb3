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
import { useDeferredValue, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { MESSAGES } from '@portal/shared/errors';
import { INVITATION_EMAILS_MAX } from '@portal/shared/limits';
import { CourseInvitationRequestSchema } from '@portal/shared/schemas/identity';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useCourseOptions, useInvitations, useInviteStudents } from '../api/course-invitations';

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

function InviteForm({ course }: { course: CourseOption }) {
  const invite = useInviteStudents(course.id);
  const canInvite = useCan('CanInviteStudents');
  const invitations = useInvitations(course.id, canInvite);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const emails = splitEmails(text);
    const parsed = CourseInvitationRequestSchema.safeParse({ emails });
    if (!parsed.success) {
      const bad = emails.filter(
        (e) => !CourseInvitationRequestSchema.shape.emails.element.safeParse(e).success,
      );
      setError(
        bad.length ? `Not valid e-mail addresses: ${bad.join(', ')}` : parsed.error.issues[0]!.message,
      );
      return;
    }
    setError(null);
    invite.mutate(parsed.data.emails, {
      onSuccess: (result) => {
        setSent(result.items.length);
        setText('');
      },
    });
  };
  return (
    <>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ mb: 3 }}>
        <TextField
          label="Student e-mail addresses"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          required
          error={Boolean(error)}
          helperText={error ?? `One per line, or separated by commas; at most ${INVITATION_EMAILS_MAX}.`}
          slotProps={{ formHelperText: error ? { role: 'alert' } : undefined }}
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
  if (!canInvite) return <Navigate to={paths.home} replace />;
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
