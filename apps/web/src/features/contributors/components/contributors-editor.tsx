import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { AppError, MESSAGES } from '@portal/shared/errors';
import {
  CONTRIBUTOR_FIELD_MAX,
  MENU_MAX_HEIGHTS,
  PICKER_OPTIONS_MAX,
  PORTRAIT_DATA_MAX,
} from '@portal/shared/limits';
import {
  ContributorInputSchema,
  type Contributor,
  type ContributorInput,
} from '@portal/shared/schemas/contributors';
import { contributorFullName } from '@portal/shared/text';
import { IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES } from '@portal/shared/schemas/files';
import { ApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { contributorsQueryOptions, useContributors } from '../api/get-contributors';
import { saveContributor } from '../api/save-contributor';
import { uploadFile } from '../../../lib/api/upload-file';
import { applyServerIssues, FIELD_ATTRIBUTE } from '../../../lib/form-errors';
import { registerTextField } from '../../../lib/register-text-field';
import { filterByWords } from '../../../lib/filter-by-words';

type TextFieldName = Exclude<keyof ContributorInput, 'portraitFileId'>;

/** The fields of 000 §3 Contributor, in form order; required ones per 000 §5. */
const FIELDS: readonly { name: TextFieldName; label: string; required?: boolean; type?: string }[] = [
  { name: 'prefix', label: 'Prefix' },
  { name: 'firstName', label: 'First name', required: true },
  { name: 'middleName', label: 'Middle name' },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'suffix', label: 'Suffix' },
  { name: 'title', label: 'Title' },
  { name: 'school', label: 'School', required: true },
  { name: 'email', label: 'Email', required: true, type: 'email' },
];

const personText = (c: Contributor) => [contributorFullName(c), c.school].filter(Boolean).join(', ');

/**
 * True when a picked portrait may be uploaded. 000 §5: image data of PORTRAIT_DATA_MAX or more is
 * rejected with the file-too-large error, shown through the shared error dialog (000 §8); so is an
 * image over the file service's image limit.
 */
export function isPortraitSizeAllowed(file: Blob): boolean {
  if (file.size >= PORTRAIT_DATA_MAX || file.size > UPLOAD_MAX_BYTES.image) {
    reportError(new AppError('too_large', MESSAGES.fileTooLarge));
    return false;
  }
  return true;
}

/** The dialog's form: the text fields of 000 §3 Contributor; the portrait is picked apart and uploaded on save. */
const formOf = (contributor: Contributor | null): ContributorInput => ({
  prefix: contributor?.prefix ?? '',
  firstName: contributor?.firstName ?? '',
  middleName: contributor?.middleName ?? '',
  lastName: contributor?.lastName ?? '',
  suffix: contributor?.suffix ?? '',
  title: contributor?.title ?? '',
  school: contributor?.school ?? '',
  email: contributor?.email ?? '',
});

/**
 * Creates or edits one contributor (000 §3 Contributor, §5): first name, last name, school and e-mail
 * are required, each field at most 1000, the e-mail must be valid; a portrait image may be uploaded.
 * A react-hook-form over the shared ContributorInputSchema: the first invalid field is focused, and the
 * server's field issues are shown at their fields. Props: `contributor` (null to create), `onClose`,
 * `onSaved`.
 */
export function ContributorDialog({
  contributor,
  onClose,
  onSaved,
}: {
  contributor: Contributor | null;
  onClose: () => void;
  onSaved: (saved: Contributor) => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContributorInput>({
    defaultValues: formOf(contributor),
    resolver: zodResolver(ContributorInputSchema),
    shouldFocusError: true,
  });
  const [portrait, setPortrait] = useState<File | null>(null);
  const [formError, setFormError] = useState('');
  /** True from a valid submit until the save ends (the fields stay enabled while they are validated). */
  const [isSaving, setIsSaving] = useState(false);

  const save = async (input: ContributorInput) => {
    setFormError('');
    setIsSaving(true);
    try {
      let portraitFileId = contributor?.portraitFileId ?? null;
      if (portrait) {
        const uploaded = await uploadFile({
          file: portrait,
          name: portrait.name,
          filename: portrait.name,
          visibility: 'public',
          metadataType: 'portrait',
          metadataId: contributor?.id,
          kind: 'image',
        });
        portraitFileId = uploaded.id;
      }
      const saved = await saveContributor({ ...input, portraitFileId }, contributor?.id);
      await queryClient.invalidateQueries({ queryKey: contributorsQueryOptions().queryKey });
      onSaved(saved);
    } catch (error) {
      // The fields are enabled again at once, so the field the server names can take the focus.
      flushSync(() => setIsSaving(false));
      if (error instanceof ApiError && error.code === 'too_large') {
        reportError(new AppError('too_large', MESSAGES.fileTooLarge));
        return;
      }
      applyServerIssues(setError, error, { fields: FIELDS.map((f) => f.name) });
      setFormError(error instanceof Error ? error.message : 'The contributor could not be saved.');
    }
  };
  const onSubmit = (event?: FormEvent) => handleSubmit(save)(event);

  return (
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{contributor ? 'Edit contributor' : 'New contributor'}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ pt: 1 }}>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Grid container spacing={2}>
            {FIELDS.map((f) => (
              <Grid key={f.name} size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={f.label}
                  required={f.required}
                  type={f.type}
                  {...registerTextField(register(f.name))}
                  disabled={isSaving}
                  error={Boolean(errors[f.name])}
                  helperText={errors[f.name]?.message || ' '}
                  fullWidth
                  slotProps={{
                    htmlInput: { maxLength: CONTRIBUTOR_FIELD_MAX, [FIELD_ATTRIBUTE]: f.name },
                    formHelperText: { role: errors[f.name] ? 'alert' : undefined },
                  }}
                />
              </Grid>
            ))}
          </Grid>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
            <Button component="label" variant="outlined" disabled={isSaving}>
              {contributor?.portraitFileId || portrait ? 'Replace portrait' : 'Add portrait'}
              <input
                type="file"
                hidden
                accept={IMAGE_MIME_TYPES.join(',')}
                aria-label="Portrait"
                onChange={(event) => {
                  const picked = event.target.files?.[0] ?? null;
                  if (picked && !isPortraitSizeAllowed(picked)) {
                    event.target.value = '';
                    setPortrait(null);
                    return;
                  }
                  setPortrait(picked);
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {portrait ? portrait.name : contributor?.portraitFileId ? 'A portrait is set.' : 'No portrait.'}
            </Typography>
          </Stack>
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void onSubmit()} disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save contributor'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The contributors editor of edit mode (000 §2): the item's contributors in order, each with edit and
 * remove; a searchable add list over all contributors; and a button for a new contributor.
 * Props: `value` (contributors in order), `onChange`, `error`, `disabled`.
 */
export function ContributorsEditor({
  value,
  onChange,
  error,
  disabled = false,
}: {
  value: readonly Contributor[];
  onChange: (contributors: Contributor[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const all = useContributors();
  const [input, setInput] = useState('');
  const [editing, setEditing] = useState<Contributor | 'new' | null>(null);
  const chosen = new Set(value.map((c) => c.id));
  return (
    <Box component="section" aria-labelledby="contributors-editor-heading">
      <Typography variant="h3" id="contributors-editor-heading" sx={{ mb: 1 }}>
        Contributors
      </Typography>
      {value.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}>
          {value.map((c) => (
            <Box component="li" key={c.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
              <Typography sx={{ flex: 1 }}>{personText(c)}</Typography>
              <IconButton
                size="small"
                aria-label={`Edit ${contributorFullName(c)}`}
                disabled={disabled}
                onClick={() => setEditing(c)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Remove ${contributorFullName(c)}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((other) => other.id !== c.id))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Autocomplete<Contributor, false, false, false>
          sx={{ flex: 1 }}
          options={all.data ?? []}
          loading={all.isPending}
          value={null}
          inputValue={input}
          onInputChange={(_event, next, reason) => {
            if (reason !== 'reset') setInput(next);
          }}
          onChange={(_event, person) => {
            if (person && !chosen.has(person.id)) onChange([...value, person]);
            setInput('');
          }}
          filterOptions={(options, state) =>
            filterByWords(
              options.filter((c) => !chosen.has(c.id)),
              state.inputValue,
              personText,
              PICKER_OPTIONS_MAX,
            )
          }
          getOptionLabel={personText}
          disabled={disabled}
          noOptionsText="Nothing matches"
          slotProps={{ listbox: { sx: { maxHeight: MENU_MAX_HEIGHTS[1] } } }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Add contributor"
              placeholder="Type a name or school"
              error={Boolean(error)}
              helperText={error}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, [FIELD_ATTRIBUTE]: 'contributorIds' },
              }}
            />
          )}
        />
        <Button
          startIcon={<AddIcon />}
          disabled={disabled}
          onClick={() => setEditing('new')}
          sx={{ mt: { sm: 1 } }}
        >
          New contributor
        </Button>
      </Stack>
      {editing && (
        <ContributorDialog
          contributor={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onChange(
              chosen.has(saved.id) ? value.map((c) => (c.id === saved.id ? saved : c)) : [...value, saved],
            );
          }}
        />
      )}
    </Box>
  );
}
