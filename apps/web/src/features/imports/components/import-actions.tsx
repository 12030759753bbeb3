import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  IMPORT_MESSAGES,
  StartImportRequestSchema,
  type CoursewareImport,
} from '@portal/shared/schemas/imports';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useDiscardImport } from '../api/discard-import';
import { useStartImport } from '../api/start-import';
import { countOf } from '../lib/import-labels';

/** Whether a preview has errors, which block its import. */
export function hasPreviewErrors(imported: Pick<CoursewareImport, 'preview'>): boolean {
  const { preview } = imported;
  return preview.counts.errors > 0 || preview.issues.some((issue) => issue.severity === 'error');
}

/** The start request as the form checks it: with warnings, they must be accepted. */
function startFormSchema(warnings: number) {
  return StartImportRequestSchema.refine((request) => warnings === 0 || request.acceptWarnings, {
    message: IMPORT_MESSAGES.acceptWarnings,
    path: ['acceptWarnings'],
  });
}

/**
 * What a curator does with a previewed import (issue 38): "Import", disabled while the package has
 * errors (which the page says why), and with warnings only once "Import despite N warnings" is ticked
 * (react-hook-form over StartImportRequestSchema); "Discard" asks first, then drops the preview and goes
 * back to the course import page. A refusal of the server (another import of the course running, …) is
 * shown beside the buttons. Props: `imported`, an import with status `previewed`.
 */
export function ImportActions({ imported }: { imported: CoursewareImport }) {
  const navigate = useNavigate();
  const blockedId = useId();
  const start = useStartImport(imported.id);
  const [isDiscarding, setIsDiscarding] = useState(false);
  const discard = useDiscardImport(imported.id, () => navigate(paths.courseImport, { replace: true }));
  const warnings = imported.preview.counts.warnings;
  const hasErrors = hasPreviewErrors(imported);
  const schema = useMemo(() => startFormSchema(warnings), [warnings]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { acceptWarnings: false },
    shouldFocusError: true,
  });
  const onSubmit = form.handleSubmit((request) => start.mutate(request));

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Confirm the import" sx={{ mt: 3 }}>
      {hasErrors && (
        <Alert severity="error" id={blockedId} sx={{ mb: 2 }}>
          {IMPORT_MESSAGES.hasErrors}
        </Alert>
      )}
      {!hasErrors && warnings > 0 && (
        <Controller
          name="acceptWarnings"
          control={form.control}
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} sx={{ display: 'block', mb: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref, 'aria-required': true } }}
                  />
                }
                label={`Import despite ${countOf(warnings, 'warning')}`}
              />
              {fieldState.error && <FormHelperText role="alert">{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
      )}
      <Stack direction="row" spacing={2}>
        <Button
          type="submit"
          variant="contained"
          disabled={hasErrors || start.isPending}
          aria-describedby={hasErrors ? blockedId : undefined}
        >
          {start.isPending ? 'Starting…' : 'Import'}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setIsDiscarding(true)}>
          Discard
        </Button>
      </Stack>
      {start.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {start.error.message}
        </Alert>
      )}
      {isDiscarding && (
        <ConfirmDialog
          title="Discard this preview?"
          confirmLabel="Discard"
          pendingLabel="Discarding…"
          isPending={discard.isPending}
          error={discard.error}
          onConfirm={() => discard.mutate()}
          onClose={() => setIsDiscarding(false)}
          isDestructive
        >
          <DialogContentText>
            The uploaded package {imported.packageName} is removed and nothing is imported. To import it
            later, upload it again.
          </DialogContentText>
        </ConfirmDialog>
      )}
    </Box>
  );
}
