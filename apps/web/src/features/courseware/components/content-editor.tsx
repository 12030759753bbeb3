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
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type UseFormGetValues,
  type UseFormSetValue,
} from 'react-hook-form';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { CONTENT_STATUSES, type ContentStatus, type KnowledgeType } from '@portal/shared/enums';
import { AppError } from '@portal/shared/errors';
import { CONTENT_NAME_MAX } from '@portal/shared/limits';
import { defaultAlias, type Content } from '@portal/shared/schemas/courseware';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { createContent } from '../api/create-content';
import { contentQueryOptions } from '../api/get-content';
import { useKnowledge } from '../../knowledge/api/get-knowledge';
import { updateContent } from '../api/update-content';
import { uploadFile } from '../../../lib/api/upload-file';
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
import { KnowledgePicker } from '../../knowledge/components/knowledge-picker';
import { AlignmentSuggestions } from '../../knowledge/components/alignment-suggestions';
import { OutlineEditor } from './outline-editor';
import { FormRichTextEditor } from '../../../components/form-rich-text-editor';
import { FormTextField } from '../../../components/form-text-field';

const NO_KNOWLEDGE: readonly KnowledgeItem[] = [];

/** The knowledge lists in the order the page shows them (000 §2: TKS, KSA, KU; then CyBOK, issue 25). */
const KNOWLEDGE_ORDER = ['TKS', 'KSA', 'KU', 'CYBOK'] as const satisfies readonly KnowledgeType[];
const FIELD_OF = { TKS: 'tksIds', KSA: 'ksaIds', KU: 'kuIds', CYBOK: 'cybokIds' } as const satisfies Record<
  KnowledgeType,
  string
>;
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
 * The suggested alignments above the knowledge lists (issue 25): an accepted suggestion is added to
 * its kind's list in the form, to be saved with the rest of the item.
 */
function ContentAlignmentSuggestions({
  control,
  setValue,
  getValues,
  contentId,
  disabled,
}: {
  control: Control<ContentDraft>;
  setValue: UseFormSetValue<ContentDraft>;
  getValues: UseFormGetValues<ContentDraft>;
  contentId?: string;
  disabled: boolean;
}) {
  const lists = useWatch({ control, name: KNOWLEDGE_ORDER.map((type) => FIELD_OF[type]) });
  const selectedIds = useMemo(() => new Set(lists.flatMap((ids) => ids ?? [])), [lists]);
  return (
    <AlignmentSuggestions
      contentId={contentId}
      selectedIds={selectedIds}
      disabled={disabled}
      onAccept={(suggestion) => {
        const field = FIELD_OF[suggestion.type];
        const current = getValues(field) ?? [];
        if (!current.includes(suggestion.knowledgeId)) {
          setValue(field, [...current, suggestion.knowledgeId], { shouldDirty: true });
        }
      }}
    />
  );
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
  const knowledge = useKnowledge();
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

  /** Uploads the picked files one by one with progress; returns those that failed, with why. */
  const uploadPending = async (contentId: string, pending: readonly PendingFile[]) => {
    const failed: PendingFile[] = [];
    for (const [index, file] of pending.entries()) {
      const setProgress = (progress: number | null) => setValue(`pendingFiles.${index}.progress`, progress);
      try {
        setProgress(0);
        await uploadFile(
          {
            file: file.file,
            name: file.name.trim(),
            filename: file.file.name,
            visibility: 'private',
            metadataType: 'content',
            metadataId: contentId,
            kind: 'file',
          },
          setProgress,
        );
      } catch (error) {
        failed.push({
          ...file,
          progress: null,
          error: `Not uploaded: ${error instanceof Error ? error.message : 'the upload failed.'}`,
        });
      }
    }
    return failed;
  };

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
      let created;
      try {
        created = await createContent(toCreateBody(draft));
      } catch (error) {
        return onFailure(error);
      }
      const failed = await uploadPending(created.id, draft.pendingFiles);
      await queryClient.invalidateQueries({ queryKey: ['courseware'] });
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

    let saved;
    try {
      saved = await updateContent(base!.id, toUpdateBody(draft));
    } catch (error) {
      return onFailure(error);
    }
    const failed = await uploadPending(saved.id, draft.pendingFiles);
    await queryClient.invalidateQueries({ queryKey: ['courseware'] });
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

        <Box component="section" aria-labelledby="knowledge-editor-heading">
          <Typography variant="h2" id="knowledge-editor-heading" sx={{ mb: 1.5 }}>
            Knowledge, skills and abilities
          </Typography>
          <ContentAlignmentSuggestions
            control={control}
            setValue={setValue}
            getValues={getValues}
            contentId={base?.id}
            disabled={disabled}
          />
          <Stack spacing={3}>
            {KNOWLEDGE_ORDER.map((type) => (
              <Controller
                key={type}
                control={control}
                name={FIELD_OF[type]}
                render={({ field, fieldState }) => {
                  field.ref(focusTargetOf(field.name));
                  return (
                    <KnowledgePicker
                      type={type}
                      items={knowledge.data ?? NO_KNOWLEDGE}
                      selectedIds={field.value ?? []}
                      field={field.name}
                      error={firstMessage(fieldState.error)}
                      disabled={disabled}
                      onChange={field.onChange}
                    />
                  );
                }}
              />
            ))}
          </Stack>
        </Box>

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
