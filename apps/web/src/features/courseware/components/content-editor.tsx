import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { CONTENT_STATUSES, type ContentStatus } from '@portal/shared/enums';
import { AppError } from '@portal/shared/errors';
import { CONTENT_NAME_MAX } from '@portal/shared/limits';
import { defaultAlias, type Content } from '@portal/shared/schemas/courseware';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { useCreateContent } from '../api/create-content';
import { contentQueryOptions } from '../api/get-content';
import { useUpdateContent } from '../api/update-content';
import {
  aliasOf,
  contentDraftResolver,
  draftFromContent,
  emptyDraft,
  toCreateBody,
  toUpdateBody,
  type ContentDraft,
  type PendingFile,
} from '../lib/content-draft';
import {
  applyServerIssues,
  FIELD_ATTRIBUTE,
  fieldErrorsOfServer,
  firstMessage,
  flatErrors,
  focusTargetOf,
} from '../../../lib/form-errors';
import { ContributorsEditor } from '../../contributors/components/contributors-editor';
import { CuratedDatesEditor } from './curated-dates-editor';
import { AliasField } from './alias-field';
import { ENUM_LIST_FIELDS, EnumSelectField } from './enum-select-field';
import { FilesEditor } from './files-editor';
import { KeywordsEditor } from './keywords-editor';
import { ContentKnowledgeEditor } from './content-knowledge-editor';
import { OutlineEditor } from './outline-editor';
import { FormRichTextEditor } from '../../../components/form-rich-text-editor';
import { FormTextField } from '../../../components/form-text-field';

/** Request fields whose issues the form shows at another field. */
const FORM_FIELD_OF: Record<string, FieldPath<ContentDraft>> = { contributorIds: 'contributors' };

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** What the form says above its fields after a failed save. */
interface FormProblem {
  message: string;
  isConflict: boolean;
}

/** The outline, whose new children's aliases start with the item's alias as typed. */
function ContentOutline({ control, disabled }: { control: Control<ContentDraft>; disabled: boolean }) {
  const [name, urlAlias, isAliasEdited] = useWatch({ control, name: ['name', 'urlAlias', 'isAliasEdited'] });
  const alias = aliasOf({ name, urlAlias, isAliasEdited });
  return <OutlineEditor control={control} parentAlias={alias || defaultAlias(name)} disabled={disabled} />;
}

/**
 * The edit form of a content item (000 §2 edit mode; §4 modes reading → editing → saving): status,
 * name, URL alias, rich-text description, categories and levels, sections and child modules, files
 * (uploaded with progress on save), TKS / KSA / KU add lists, last-curated dates, search keywords and
 * contributors. A react-hook-form form over the shared request schemas (`contentDraftResolver`): an
 * invalid save focuses the first invalid field, the server's field issues show at their fields
 * (`setError`) and the first is focused; while saving every control is disabled. A failed save stays
 * here and says why (a 409 conflict says someone else saved first); a successful one calls `onClose`.
 * Cancel restores the last saved copy.
 * In create mode (`content` absent) the item is new: unpublished, with a draft learning-objectives
 * section, its alias following the name until edited; saving creates it and opens its page, and
 * cancel drops it (000 §4).
 * Props: `content` (edit mode), `onClose` (leave edit mode / leave create mode).
 */
export function ContentEditor({ content, onClose }: { content?: Content; onClose: () => void }) {
  const mode = content ? 'edit' : 'create';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createContent = useCreateContent();
  const updateContent = useUpdateContent();
  const statusLabelId = useId();
  const [base, setBase] = useState<Content | undefined>(content);
  const resolver = useMemo(() => contentDraftResolver(mode), [mode]);
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<ContentDraft>({
    resolver,
    shouldFocusError: true,
    defaultValues: content ? draftFromContent(content) : emptyDraft(),
  });
  // Set once the form is valid and the save starts (not while validating, so an invalid field can
  // take the focus).
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // A loaded copy remounts the fields: the rich-text editors read their value when created.
  const [generation, setGeneration] = useState(0);

  const load = (fresh: Content, pendingFiles: PendingFile[] = []) => {
    setBase(fresh);
    reset({ ...draftFromContent(fresh), pendingFiles });
    setGeneration((g) => g + 1);
  };

  const onProgress = (index: number, progress: number | null) =>
    setValue(`pendingFiles.${index}.progress`, progress);

  const onFailure = (error: unknown) => {
    // The fields are enabled again at once, so the first field the server names can take the focus.
    flushSync(() => setIsSaving(false));
    if (error instanceof ApiError) {
      const isConflict = error.code === 'conflict' && 'version' in fieldErrorsOfServer(error.details);
      applyServerIssues(setError, error, { fieldOf: FORM_FIELD_OF, skip: ['version'] });
      setProblem({
        message: isConflict ? error.message : `The content was not saved. ${error.message}`,
        isConflict,
      });
      return;
    }
    setProblem({ message: 'The content was not saved. Please try again.', isConflict: false });
  };

  const onSave = async (draft: ContentDraft) => {
    setProblem(null);
    setIsSaving(true);
    if (mode === 'create') {
      let created, failed;
      try {
        ({ saved: created, failed } = await createContent.mutateAsync({
          body: toCreateBody(draft),
          pendingFiles: draft.pendingFiles,
          onProgress,
        }));
      } catch (error) {
        return onFailure(error);
      }
      if (failed.length > 0) {
        reportError(
          new AppError(
            'internal',
            `The content was created, but these files could not be uploaded: ${failed.map((f) => f.name).join(', ')}. Add them again in edit mode.`,
          ),
        );
      }
      navigate(paths.content(created.urlAlias), { replace: true });
      return;
    }

    let saved, failed;
    try {
      ({ saved, failed } = await updateContent.mutateAsync({
        id: base!.id,
        body: toUpdateBody(draft),
        pendingFiles: draft.pendingFiles,
        onProgress,
      }));
    } catch (error) {
      return onFailure(error);
    }
    if (saved.urlAlias !== base!.urlAlias) navigate(paths.content(saved.urlAlias), { replace: true });
    if (failed.length === 0) {
      onClose();
      return;
    }
    // The content is saved; the files that failed stay in the form to try again.
    load(await queryClient.fetchQuery(contentQueryOptions(saved.urlAlias)), failed);
    setIsSaving(false);
    setProblem({
      message: 'The content was saved, but some files could not be uploaded.',
      isConflict: false,
    });
  };

  const onInvalid = () => setProblem({ message: 'Some fields need your attention.', isConflict: false });

  // Both hosts unmount the editor on close, so the draft goes with it: the next edit starts from
  // the saved copy.
  const onCancel = onClose;

  const onReloadLatest = async () => {
    load(await queryClient.fetchQuery({ ...contentQueryOptions(base!.urlAlias), staleTime: 0 }));
    setProblem(null);
  };

  const disabled = isSaving;

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="content-editor-title"
      aria-busy={isSaving}
      data-mode={isSaving ? 'saving' : 'editing'}
      onSubmit={(event) => void handleSubmit(onSave, onInvalid)(event)}
    >
      <Typography variant="h1" id="content-editor-title" sx={{ mb: 2 }}>
        {mode === 'create' ? 'New courseware' : `Edit: ${base!.name}`}
      </Typography>
      {problem && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mb: 2 }}
          action={
            problem.isConflict ? (
              <Button color="inherit" size="small" onClick={() => void onReloadLatest()}>
                Load the latest version
              </Button>
            ) : undefined
          }
        >
          {problem.message}
          {problem.isConflict && ' Your changes are still in the form below.'}
        </Alert>
      )}

      <Stack key={generation} spacing={4} divider={<Divider flexItem />}>
        <Box component="section" aria-label="Details">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <FormControl fullWidth disabled={disabled}>
                    <InputLabel id={statusLabelId}>Status</InputLabel>
                    <Select<ContentStatus>
                      labelId={statusLabelId}
                      label="Status"
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value as ContentStatus)}
                      inputRef={field.ref}
                      inputProps={{ [FIELD_ATTRIBUTE]: 'status' }}
                    >
                      {CONTENT_STATUSES.map((status) => (
                        <MenuItem key={status} value={status}>
                          {capitalise(status)}
                        </MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name="name"
                label="Name"
                required
                disabled={disabled}
                helperText=" "
                fullWidth
                maxLength={CONTENT_NAME_MAX}
              />
            </Grid>
            <Grid size={12}>
              <AliasField
                control={control}
                mode={mode}
                disabled={disabled}
                onEdited={() => setValue('isAliasEdited', true)}
              />
            </Grid>
          </Grid>
          <FormRichTextEditor
            control={control}
            name="description"
            label="Description"
            required
            disabled={disabled}
          />
          <Grid container spacing={2} sx={{ mt: 1 }}>
            {ENUM_LIST_FIELDS.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <EnumSelectField control={control} name={name} disabled={disabled} />
              </Grid>
            ))}
          </Grid>
        </Box>

        <ContentOutline control={control} disabled={disabled} />

        <FilesEditor control={control} getValues={getValues} setValue={setValue} disabled={disabled} />

        <ContentKnowledgeEditor
          control={control}
          setValue={setValue}
          getValues={getValues}
          contentId={base?.id}
          disabled={disabled}
        />

        <Controller
          control={control}
          name="lastCuratedTimestamps"
          render={({ field, fieldState }) => {
            field.ref(focusTargetOf(field.name));
            return (
              <CuratedDatesEditor
                value={field.value}
                errors={flatErrors(fieldState.error, field.name)}
                disabled={disabled}
                onChange={field.onChange}
              />
            );
          }}
        />

        <Box component="section" aria-labelledby="keywords-editor-heading">
          <Typography variant="h2" id="keywords-editor-heading" sx={{ mb: 1.5 }}>
            Search keywords
          </Typography>
          <Controller
            control={control}
            name="keywords"
            render={({ field, fieldState }) => {
              field.ref(focusTargetOf(field.name));
              return (
                <KeywordsEditor
                  value={field.value}
                  error={firstMessage(fieldState.error)}
                  disabled={disabled}
                  onChange={field.onChange}
                />
              );
            }}
          />
        </Box>

        <Controller
          control={control}
          name="contributors"
          render={({ field, fieldState }) => {
            field.ref(focusTargetOf('contributorIds'));
            return (
              <ContributorsEditor
                value={field.value}
                error={firstMessage(fieldState.error)}
                disabled={disabled}
                onChange={field.onChange}
              />
            );
          }}
        />
      </Stack>

      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 4, position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.paper', zIndex: 1 }}
      >
        <Button type="submit" variant="contained" disabled={disabled}>
          {isSaving ? 'Saving…' : mode === 'create' ? 'Create' : 'Save'}
        </Button>
        <Button onClick={onCancel} disabled={disabled}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
