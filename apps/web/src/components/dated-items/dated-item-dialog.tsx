import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormHandleSubmit,
  type UseFormSetError,
} from 'react-hook-form';
import { CONTENT_STATUSES, type ContentStatus } from '@portal/shared/enums';
import { applyServerIssues } from '../../lib/form-errors';
import { FormTextField } from '../form-text-field';
import { FormRichTextEditor } from '../form-rich-text-editor';
import { DateTimeField } from './date-time-field';
import { STATUS_LABELS } from './dated-item-parts';

/** The fields every dated item's form has (news and events, 001 §5 News or event dialog). */
export interface DatedItemFields {
  description: string;
  /** Optional in the request (the schema's default). */
  status?: ContentStatus;
  date: string;
}

/**
 * Saving a dated item's form: the valid values go to `saveItem` (create or update), then to `onSaved`;
 * a failure stays in the dialog (its 'not saved' message), not in the error modal, and the server's
 * field issues show under their fields (`applyServerIssues`), the first focused.
 * @param form the form's `handleSubmit` and `setError`
 * @returns `isPending`, `error` and `onSubmit`, the props `DatedItemDialog` takes for saving
 */
export function useDatedItemSave<T extends FieldValues, R>({
  form: { handleSubmit, setError },
  saveItem,
  onSaved,
}: {
  form: { handleSubmit: UseFormHandleSubmit<T>; setError: UseFormSetError<T> };
  saveItem: (body: T) => Promise<R>;
  onSaved: (saved: R) => void | Promise<void>;
}) {
  const save = useMutation({ mutationFn: saveItem, meta: { silent: true } });
  const submit = handleSubmit(async (values) => {
    let saved: R;
    try {
      saved = await save.mutateAsync(values);
    } catch (error) {
      applyServerIssues(setError, error);
      return;
    }
    await onSaved(saved);
  });
  return {
    isPending: save.isPending,
    error: save.error,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}

/**
 * The frame of the news and event dialogs (001 §2, §5): the title, the form with its 'not saved'
 * message, the item's own fields (`children`), then description, status and date, which every dated
 * item has, and Cancel / Save. Closing is refused while saving.
 * Props: `title`, `formId`, `notSaved` (the failure's first words), `control`, `isPending`, `error`,
 * `onSubmit`, `onClose`, `children` (fields before the description), `afterDate` (fields after it).
 */
export function DatedItemDialog<T extends DatedItemFields>({
  title,
  formId,
  notSaved,
  control,
  isPending,
  error,
  onSubmit,
  onClose,
  children,
  afterDescription,
  afterDate,
}: {
  title: string;
  formId: string;
  notSaved: string;
  control: Control<T>;
  isPending: boolean;
  error: Error | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
  afterDescription?: ReactNode;
  afterDate?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box component="form" id={formId} noValidate onSubmit={onSubmit} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {notSaved} {error.message}
            </Alert>
          )}
          <Stack spacing={2}>
            {children}
            <FormRichTextEditor
              control={control}
              name={'description' as FieldPath<T>}
              label="Description"
              required
            />
            {afterDescription}
            <FormTextField control={control} name={'status' as FieldPath<T>} label="Status" select required>
              {CONTENT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {STATUS_LABELS[status]}
                </MenuItem>
              ))}
            </FormTextField>
            <Controller
              control={control}
              name={'date' as FieldPath<T>}
              render={({ field, fieldState }) => (
                <DateTimeField
                  label="Date"
                  required
                  value={field.value as string}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            {afterDate}
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
