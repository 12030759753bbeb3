import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useId, useRef, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { FILE_NAME_MAX } from '@portal/shared/limits';
import { DeleteItemDialog } from '../../../components/dated-items/delete-item-dialog';
import { uploadFile } from '../../../lib/api/upload-file';
import { applyServerIssues } from '../../../lib/form-errors';
import { deleteFile } from '../../files/api/delete-file';
import { deleteSection, saveSection } from '../api/save-section';
import { PAGE_MESSAGES, type Page, type PageSection, type WidgetKind } from '../api/page-types';
import {
  SectionFormSchema,
  emptyWidgetOf,
  fileIdsOf,
  groupKeyOf,
  sectionFormOf,
  waitingFiles,
  widgetsToSave,
  type SectionForm,
} from '../widgets/section-form';
import { WIDGETS, WIDGET_KINDS } from '../widgets/widget-registry';
import type { PickedFile } from './widget-file-field';
import { groupsOf, sectionTitleOf } from './page-layout';

/**
 * Section save (001 §4): new files are uploaded first; when the save fails they are deleted again and
 * the error is re-thrown; after success the files the section no longer uses are deleted. No orphan
 * file is left either way.
 */
async function saveWithFiles(page: Page, section: PageSection | null, values: SectionForm): Promise<Page> {
  const uploaded = new Map<PickedFile, string>();
  let widgetFileIds: Set<string>;
  let saved: Page;
  try {
    for (const picked of waitingFiles(values.widgets)) {
      const { id } = await uploadFile({
        file: picked.blob!,
        name: picked.filename.slice(0, FILE_NAME_MAX),
        filename: picked.filename,
        visibility: 'public',
        metadataType: 'page',
        metadataId: page.id,
        kind: picked.uploadKind,
      });
      uploaded.set(picked, id);
    }
    const widgets = widgetsToSave(values.widgets, uploaded);
    widgetFileIds = fileIdsOf(widgets);
    const key = groupKeyOf(values.group);
    saved = await saveSection(page.id, section?.id ?? null, { key, widgets });
  } catch (error) {
    await Promise.allSettled([...uploaded.values()].map(deleteFile));
    throw error;
  }
  const replaced = [...fileIdsOf(section?.widgets ?? [])].filter((id) => !widgetFileIds.has(id));
  await Promise.allSettled(replaced.map(deleteFile));
  return saved;
}

/**
 * The section dialog (001 §2 Page editing dialogs, §5): group (trimmed, ignored if empty, no
 * duplicates; offered from the page's groups), widget kind (required; changing it resets every field),
 * the kind's widgets (several, one removable only while more than one exists), and for an existing
 * section its deletion behind the acknowledgement box. Props: `page`, `section` (null: create),
 * `onSaved` (the page as saved), `onClose`.
 */
export function SectionDialog({
  page,
  section,
  onSaved,
  onClose,
}: {
  page: Page;
  section: PageSection | null;
  onSaved: (page: Page) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const groupListId = useId();
  const [isDeleting, setIsDeleting] = useState(false);
  const afterDelete = useRef<Page | null>(null);
  const form = useForm<SectionForm>({
    resolver: zodResolver(SectionFormSchema) as unknown as Resolver<SectionForm>,
    shouldFocusError: true,
    defaultValues: sectionFormOf(section),
  });
  const { control, handleSubmit, setError, setValue } = form;
  const kind = useWatch({ control, name: 'kind' });
  const { fields, append, remove } = useFieldArray({ control, name: 'widgets' });
  const save = useMutation({
    mutationFn: (values: SectionForm) => saveWithFiles(page, section, values),
    meta: { silent: true },
    onSuccess: onSaved,
    onError: (error) => applyServerIssues(setError, error),
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));
  const Editor = kind ? WIDGETS[kind].Editor : null;
  const isGrouped = page.layout.name === 'groupedList';
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{section ? 'Edit section' : 'Add section'}</DialogTitle>
      <DialogContent>
        <FormProvider {...form}>
          <Box
            component="form"
            id="section-form"
            noValidate
            onSubmit={(e) => void onSubmit(e)}
            sx={{ pt: 1 }}
          >
            {save.isError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                The section was not saved. {save.error.message}
              </Alert>
            )}
            <Stack spacing={2}>
              {isGrouped && (
                <Controller
                  control={control}
                  name="group"
                  render={({ field }) => (
                    <>
                      <TextField
                        label="Group"
                        fullWidth
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={() => {
                          field.onChange(field.value.trim());
                          field.onBlur();
                        }}
                        inputRef={field.ref}
                        helperText="A new name adds a tab; leave empty for no group."
                        slotProps={{ htmlInput: { list: groupListId } }}
                      />
                      <datalist id={groupListId}>
                        {groupsOf(page).map((group) => (
                          <option key={group} value={group} />
                        ))}
                      </datalist>
                    </>
                  )}
                />
              )}
              <Controller
                control={control}
                name="kind"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Widget kind"
                    required
                    fullWidth
                    value={field.value}
                    inputRef={field.ref}
                    onChange={(event) => {
                      const next = event.target.value as WidgetKind;
                      field.onChange(next);
                      // 001 §4: changing the widget kind resets all field values.
                      setValue('widgets', [emptyWidgetOf(next)]);
                    }}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={{ formHelperText: { role: fieldState.error ? 'alert' : undefined } }}
                  >
                    {WIDGET_KINDS.map((value) => (
                      <MenuItem key={value} value={value}>
                        {WIDGETS[value].label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {Editor && (
                <Suspense fallback={<CircularProgress aria-label="Loading the fields" />}>
                  {fields.map((entry, index) => (
                    <Box key={entry.id}>
                      <Divider sx={{ mb: 2 }}>
                        <Typography variant="overline">Widget {index + 1}</Typography>
                      </Divider>
                      <Editor index={index} />
                      {fields.length > 1 && (
                        <Button color="error" onClick={() => remove(index)} sx={{ mt: 1 }}>
                          Remove widget {index + 1}
                        </Button>
                      )}
                    </Box>
                  ))}
                  {kind && kind !== 'giantIconButton' && (
                    <Button startIcon={<AddIcon />} onClick={() => append(emptyWidgetOf(kind))}>
                      Add widget
                    </Button>
                  )}
                </Suspense>
              )}
            </Stack>
          </Box>
        </FormProvider>
      </DialogContent>
      <DialogActions>
        {section && (
          <Button
            color="error"
            onClick={() => setIsDeleting(true)}
            disabled={save.isPending}
            sx={{ mr: 'auto' }}
          >
            Delete section
          </Button>
        )}
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="section-form" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
      {section && isDeleting && (
        <DeleteItemDialog
          title="Delete section"
          name={sectionTitleOf(section)}
          requiredMessage={PAGE_MESSAGES.sectionDeleteRequired}
          onDelete={async () => {
            const saved = await deleteSection(page.id, section.id);
            await Promise.allSettled([...fileIdsOf(section.widgets)].map(deleteFile));
            afterDelete.current = saved;
          }}
          onDeleted={() => onSaved(afterDelete.current!)}
          onClose={() => setIsDeleting(false)}
        />
      )}
    </Dialog>
  );
}
