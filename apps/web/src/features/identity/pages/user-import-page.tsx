import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ROLE_LABELS, ROLES } from '@portal/shared/enums';
import { USER_IMPORT_ROWS_MAX } from '@portal/shared/limits';
import type { UserImportPlan, UserImportPlanRow, UserImportRow } from '@portal/shared/schemas/identity';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { reportError } from '../../../lib/error-reporting';
import { useCan } from '../../../lib/session';
import { previewUserImport, runUserImport } from '../api/user-import';
import { parseUserCsv, readFileText } from '../lib/parse-user-csv';
import { GuardRedirect } from '../../../components/session-guard';

/** 001 §5 User import. */
export const SELECT_FILE_MESSAGE = 'Please select a file to import.';

const ACTION_LABELS: Record<UserImportPlanRow['action'], string> = {
  create: 'New user',
  addRole: 'Role added',
  unchanged: 'No change',
  invalid: 'Invalid',
};

function summaryOf(plan: UserImportPlan): string {
  const { create, addRole, unchanged } = plan.counts;
  return `${create} new ${create === 1 ? 'user' : 'users'} (each invited by e-mail), ${addRole} given a new role, ${unchanged} unchanged.`;
}

function PlanTable({ plan }: { plan: UserImportPlan }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Import preview">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Business unit</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.rows.map((row) => {
            const isInvalid = row.action === 'invalid';
            const role = (ROLES as readonly string[]).includes(row.role)
              ? ROLE_LABELS[row.role as (typeof ROLES)[number]]
              : row.role;
            return (
              <TableRow
                key={row.line}
                sx={isInvalid ? { bgcolor: (t) => alpha(t.palette.error.main, 0.06) } : undefined}
              >
                <TableCell>{row.line}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{role}</TableCell>
                <TableCell>
                  {row.businessUnit}
                  {row.isNewBusinessUnit && ' (new)'}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={ACTION_LABELS[row.action]}
                    color={isInvalid ? 'error' : row.action === 'unchanged' ? 'default' : 'success'}
                    variant={isInvalid ? 'filled' : 'outlined'}
                    sx={
                      row.action === 'create' || row.action === 'addRole'
                        ? { color: 'success.dark' }
                        : undefined
                    }
                  />
                  {row.errors.length > 0 && (
                    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'error.dark' }}>
                      {row.errors.map((error) => (
                        <li key={error}>
                          <Typography variant="body2">{error}</Typography>
                        </li>
                      ))}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * /admin/user-import — imports users from a CSV file (001 §2, §3, §5; needs CanImportUsers, else home).
 * Choosing a file reads it with papaparse and shows a preview from the server that marks each invalid
 * row and why; nothing is written until "Import users", which imports every row or none. Importing the
 * same file again changes nothing. No props.
 */
export function UserImportPage() {
  useDocumentTitle('User import');
  const canImport = useCan('CanImportUsers');
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<UserImportRow[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [plan, setPlan] = useState<UserImportPlan | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [done, setDone] = useState<UserImportPlan | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  if (!canImport) return <GuardRedirect to={paths.home} />;

  const reset = () => {
    setRows(null);
    setProblems([]);
    setPlan(null);
    setDone(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    reset();
    setFileError(null);
    setFileName(file?.name ?? null);
    if (!file) return;
    setIsBusy(true);
    try {
      const parsed = parseUserCsv(await readFileText(file));
      setRows(parsed.rows);
      setProblems(parsed.problems);
      if (parsed.problems.length === 0) setPlan(await previewUserImport(parsed.rows));
    } catch (error) {
      reportError(error);
    } finally {
      setIsBusy(false);
    }
  };

  const onImport = async () => {
    if (!fileName || !rows) {
      setFileError(SELECT_FILE_MESSAGE);
      buttonRef.current?.focus();
      return;
    }
    if (!plan?.isValid) return;
    setIsBusy(true);
    try {
      const result = await runUserImport(rows);
      setDone(result);
      setPlan(result);
    } catch (error) {
      reportError(error);
    } finally {
      setIsBusy(false);
    }
  };

  const canRun = Boolean(plan?.isValid) && !done && !isBusy;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        User import
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Choose a CSV file whose first line names the columns <strong>name</strong>, <strong>email</strong> and{' '}
        <strong>role</strong> (one of {ROLES.map((r) => ROLE_LABELS[r].toLowerCase()).join(', ')}), at most{' '}
        {USER_IMPORT_ROWS_MAX} rows. An optional <strong>business unit</strong> column names the user&apos;s
        organization (any case); an unknown name is an error on its row, unless you may manage the
        organization: then it is created in the category other. You will see what each row does before
        anything is saved; new users get an invitation e-mail to choose their password.
      </Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Button
          ref={buttonRef}
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
          aria-describedby={fileError ? errorId : undefined}
        >
          Choose a CSV file
        </Button>
        {/* The button is the control; the input stays in the page (visually hidden) to hold the file. */}
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          tabIndex={-1}
          onChange={(event) => void onFile(event)}
          style={{
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clipPath: 'inset(50%)',
            whiteSpace: 'nowrap',
          }}
        />
        <Typography color="text.secondary">{fileName ?? 'No file chosen'}</Typography>
      </Stack>
      {fileError && (
        <Typography id={errorId} role="alert" color="error" sx={{ mb: 2 }}>
          {fileError}
        </Typography>
      )}

      {problems.length > 0 && (
        <Alert severity="error" sx={{ my: 2 }}>
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}

      {plan && !done && (
        <Alert severity={plan.isValid ? 'info' : 'error'} sx={{ my: 2 }}>
          {plan.isValid
            ? `Ready to import: ${summaryOf(plan)}`
            : `${plan.counts.invalid} of ${plan.rows.length} rows have problems, marked below. Nothing has been imported: fix the file and choose it again.`}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ my: 2 }} role="status">
          Import complete: {summaryOf(done)}
        </Alert>
      )}

      <Box sx={{ my: 2 }}>
        <Button variant="contained" onClick={() => void onImport()} disabled={!canRun && Boolean(rows)}>
          Import users
        </Button>
      </Box>
      {plan && <PlanTable plan={plan} />}
    </Box>
  );
}
