import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_LABELS,
  CONTENT_STATUSES,
  CONTENT_TAGS,
  CONTENT_TAG_LABELS,
  EDUCATION_LEVELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  type ContentStatus,
  type KnowledgeType,
} from '@portal/shared/enums';
import { AppError } from '@portal/shared/errors';
import { CONTENT_NAME_MAX, MENU_MAX_HEIGHTS } from '@portal/shared/limits';
import { defaultAlias, type Content } from '@portal/shared/schemas/courseware';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { createContent } from '../api/create-content';
import { contentQueryOptions } from '../api/get-content';
import { useKnowledge } from '../../knowledge/api/get-knowledge';
import { updateContent } from '../api/update-content';
import { uploadFile } from '../../files/api/upload-file';
import {
  aliasOf,
  draftFromContent,
  emptyDraft,
  toCreateBody,
  toUpdateBody,
  validateDraft,
  type ContentDraft,
  type PendingFile,
} from '../lib/content-draft';
import { FIELD_ATTRIBUTE, fieldErrorsOfServer, type FieldErrors } from '../../../lib/form-errors';
import { useShowErrors } from '../../../lib/use-show-errors';
import { ContributorsEditor as ContributorsEditorView } from '../../contributors/components/contributors-editor';
import { CuratedDatesEditor as CuratedDatesEditorView } from './curated-dates-editor';
import { FilesEditor as FilesEditorView } from './files-editor';
import { KeywordsEditor as KeywordsEditorView } from './keywords-editor';
import { KnowledgePicker as KnowledgePickerView } from '../../knowledge/components/knowledge-picker';
import { OutlineEditor as OutlineEditorView } from './outline-editor';
import { RichTextEditor as RichTextEditorView } from '../../../components/rich-text-editor';

// The parts re-render only when their own props change: typing in one field of this large form must
// not re-render every editor, picker and date field.
const ContributorsEditor = memo(ContributorsEditorView);
const CuratedDatesEditor = memo(CuratedDatesEditorView);
const FilesEditor = memo(FilesEditorView);
const KeywordsEditor = memo(KeywordsEditorView);
const KnowledgePicker = memo(KnowledgePickerView);
const OutlineEditor = memo(OutlineEditorView);
const RichTextEditor = memo(RichTextEditorView);
const NO_KNOWLEDGE: readonly KnowledgeItem[] = [];

/** The knowledge lists in the order the page shows them (000 §2: TKS, KSA, KU). */
const KNOWLEDGE_ORDER = ['TKS', 'KSA', 'KU'] as const satisfies readonly KnowledgeType[];
const FIELD_OF = { TKS: 'tksIds', KSA: 'ksaIds', KU: 'kuIds' } as const satisfies Record<
  KnowledgeType,
  string
>;
/** Draft keys whose errors are reported under another request field. */
const ERROR_KEY_OF: Partial<Record<keyof ContentDraft, string>> = { contributors: 'contributorIds' };

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A multi-select over one enumeration, shown as chips. */
const EnumSelect = memo(function EnumSelect<T extends string>({
  label,
  values,
  labels,
  selected,
  disabled,
  onChange,
}: {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  selected: readonly T[];
  disabled: boolean;
  onChange: (values: T[]) => void;
}) {
  const labelId = useId();
  return (
    <FormControl fullWidth disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<T[]>
        labelId={labelId}
        label={label}
        multiple
        value={[...selected]}
        onChange={(event) => {
          const value = event.target.value;
          const next = (typeof value === 'string' ? value.split(',') : value) as T[];
          // Kept in enumeration order.
          onChange(values.filter((v) => next.includes(v)));
        }}
        renderValue={(chosen) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {chosen.map((value) => (
              <Chip key={value} size="small" label={labels[value]} />
            ))}
          </Box>
        )}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHTS[1] } } } }}
      >
        {values.map((value) => (
          <MenuItem key={value} value={value}>
            {labels[value]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}) as <T extends string>(props: {
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  selected: readonly T[];
  disabled: boolean;
  onChange: (values: T[]) => void;
}) => ReactElement;

/** What the form says above its fields after a failed save. */
interface FormProblem {
  message: string;
  isConflict: boolean;
}

/**
 * The edit form of a content item (000 §2 edit mode; §4 modes reading → editing → saving): status,
 * name, URL alias, rich-text description, categories and levels, sections and child modules, files
 * (uploaded with progress on save), TKS / KSA / KU add lists, last-curated dates, search keywords and
 * contributors. It validates with the shared schemas and focuses the first invalid field; while saving
 * every control is disabled. A failed save stays here and says why (a 409 conflict says someone else
 * saved first); a successful one calls `onClose`. Cancel restores the last saved copy.
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
  const formRef = useRef<HTMLFormElement>(null);
  const statusLabelId = useId();
  const [base, setBase] = useState<Content | undefined>(content);
  const [draft, setDraft] = useState<ContentDraft>(() =>
    content ? draftFromContent(content) : emptyDraft(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const update = useCallback((patch: Partial<ContentDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // An edited field's message goes; the others stay until the next save.
    setErrors((current) => {
      const keys = (Object.keys(patch) as (keyof ContentDraft)[]).map((k) => ERROR_KEY_OF[k] ?? k);
      const stale = Object.keys(current).filter((path) =>
        keys.some((key) => path === key || path.startsWith(`${key}.`)),
      );
      if (stale.length === 0) return current;
      const next = { ...current };
      for (const path of stale) delete next[path];
      return next;
    });
  }, []);
  /** One stable setter per field, so memoised parts keep their props. */
  const set = useMemo(() => {
    const of =
      <K extends keyof ContentDraft>(key: K) =>
      (value: ContentDraft[K]) =>
        update({ [key]: value } as Partial<ContentDraft>);
    return {
      description: of('description'),
      categories: of('categories'),
      tags: of('tags'),
      educationLevels: of('educationLevels'),
      experienceLevels: of('experienceLevels'),
      sections: of('sections'),
      children: of('children'),
      pendingFiles: of('pendingFiles'),
      lastCuratedTimestamps: of('lastCuratedTimestamps'),
      keywords: of('keywords'),
      contributors: of('contributors'),
      tksIds: of('tksIds'),
      ksaIds: of('ksaIds'),
      kuIds: of('kuIds'),
      files: (files: ContentDraft['files'], removedId?: string) => {
        update({ files });
        if (removedId) setDraft((d) => ({ ...d, deletedFileIds: [...d.deletedFileIds, removedId] }));
      },
    };
  }, [update]);

  const showErrors = useShowErrors(formRef, isSaving, setErrors);

  /** Uploads the picked files one by one with progress; returns those that failed, with why. */
  const uploadPending = async (contentId: string, pending: readonly PendingFile[]) => {
    const failed: PendingFile[] = [];
    const setProgress = (key: string, progress: number | null) =>
      setDraft((d) => ({
        ...d,
        pendingFiles: d.pendingFiles.map((p) => (p.key === key ? { ...p, progress } : p)),
      }));
    for (const file of pending) {
      try {
        setProgress(file.key, 0);
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
          (fraction) => setProgress(file.key, fraction),
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
    setIsSaving(false);
    if (error instanceof ApiError) {
      const fieldErrors = fieldErrorsOfServer(error.details);
      const isConflict = error.code === 'conflict' && 'version' in fieldErrors;
      delete fieldErrors.version;
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      setProblem({
        message: isConflict ? error.message : `The content was not saved. ${error.message}`,
        isConflict,
      });
      return;
    }
    setProblem({ message: 'The content was not saved. Please try again.', isConflict: false });
  };

  const onSave = async () => {
    const found = validateDraft(draft, mode);
    if (Object.keys(found).length > 0) {
      setProblem({ message: 'Some fields need your attention.', isConflict: false });
      return showErrors(found);
    }
    setErrors({});
    setProblem(null);
    setIsSaving(true);
    const snapshot = draft;
    if (mode === 'create') {
      let created;
      try {
        created = await createContent(toCreateBody(snapshot));
      } catch (error) {
        return onFailure(error);
      }
      const failed = await uploadPending(created.id, snapshot.pendingFiles);
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
      saved = await updateContent(base!.id, toUpdateBody(snapshot));
    } catch (error) {
      return onFailure(error);
    }
    const failed = await uploadPending(saved.id, snapshot.pendingFiles);
    await queryClient.invalidateQueries({ queryKey: ['courseware'] });
    if (saved.urlAlias !== base!.urlAlias) navigate(paths.content(saved.urlAlias), { replace: true });
    if (failed.length === 0) {
      onClose();
      return;
    }
    // The content is saved; the files that failed stay in the form to try again.
    const fresh = await queryClient.fetchQuery(contentQueryOptions(saved.urlAlias));
    setBase(fresh);
    setDraft({ ...draftFromContent(fresh), pendingFiles: failed });
    setIsSaving(false);
    setProblem({
      message: 'The content was saved, but some files could not be uploaded.',
      isConflict: false,
    });
  };

  // Both hosts unmount the editor on close, so the draft goes with it: the next edit starts from
  // the saved copy.
  const onCancel = onClose;

  const onReloadLatest = async () => {
    const fresh = await queryClient.fetchQuery({ ...contentQueryOptions(base!.urlAlias), staleTime: 0 });
    setBase(fresh);
    setDraft(draftFromContent(fresh));
    setErrors({});
    setProblem(null);
  };

  const alias = aliasOf(draft);
  const parentAlias = alias || defaultAlias(draft.name);
  const disabled = isSaving;

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      aria-labelledby="content-editor-title"
      aria-busy={isSaving}
      data-mode={isSaving ? 'saving' : 'editing'}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
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

      <Stack spacing={4} divider={<Divider flexItem />}>
        <Box component="section" aria-label="Details">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormControl fullWidth disabled={disabled}>
                <InputLabel id={statusLabelId}>Status</InputLabel>
                <Select<ContentStatus>
                  labelId={statusLabelId}
                  label="Status"
                  value={draft.status}
                  onChange={(event) => update({ status: event.target.value as ContentStatus })}
                  inputProps={{ [FIELD_ATTRIBUTE]: 'status' }}
                >
                  {CONTENT_STATUSES.map((status) => (
                    <MenuItem key={status} value={status}>
                      {capitalise(status)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                label="Name"
                required
                value={draft.name}
                disabled={disabled}
                onChange={(event) => update({ name: event.target.value })}
                error={Boolean(errors.name)}
                helperText={errors.name ?? ' '}
                fullWidth
                slotProps={{
                  htmlInput: { maxLength: CONTENT_NAME_MAX, [FIELD_ATTRIBUTE]: 'name' },
                  formHelperText: { role: errors.name ? 'alert' : undefined },
                }}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                label="URL alias"
                required={mode === 'edit'}
                value={alias}
                disabled={disabled}
                onChange={(event) =>
                  update({ urlAlias: event.target.value.toLowerCase(), isAliasEdited: true })
                }
                error={Boolean(errors.urlAlias)}
                helperText={
                  errors.urlAlias ??
                  (mode === 'create' && !draft.isAliasEdited
                    ? 'Made from the name until you change it.'
                    : 'Lower-case letters, digits and hyphens; / between parts.')
                }
                fullWidth
                slotProps={{
                  htmlInput: { [FIELD_ATTRIBUTE]: 'urlAlias', spellCheck: false },
                  formHelperText: { role: errors.urlAlias ? 'alert' : undefined },
                  input: { startAdornment: <InputAdornment position="start">/courseware/</InputAdornment> },
                }}
              />
            </Grid>
          </Grid>
          <RichTextEditor
            label="Description"
            required
            value={draft.description}
            field="description"
            error={errors.description}
            disabled={disabled}
            onChange={set.description}
          />
          <Grid container spacing={2} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <EnumSelect
                label="Categories"
                values={CONTENT_CATEGORIES}
                labels={CONTENT_CATEGORY_LABELS}
                selected={draft.categories}
                disabled={disabled}
                onChange={set.categories}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <EnumSelect
                label="Tags"
                values={CONTENT_TAGS}
                labels={CONTENT_TAG_LABELS}
                selected={draft.tags}
                disabled={disabled}
                onChange={set.tags}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <EnumSelect
                label="Education levels"
                values={EDUCATION_LEVELS}
                labels={EDUCATION_LEVEL_LABELS}
                selected={draft.educationLevels}
                disabled={disabled}
                onChange={set.educationLevels}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <EnumSelect
                label="Experience levels"
                values={EXPERIENCE_LEVELS}
                labels={EXPERIENCE_LEVEL_LABELS}
                selected={draft.experienceLevels}
                disabled={disabled}
                onChange={set.experienceLevels}
              />
            </Grid>
          </Grid>
        </Box>

        <OutlineEditor
          sections={draft.sections}
          items={draft.children}
          parentAlias={parentAlias}
          errors={errors}
          disabled={disabled}
          onSectionsChange={set.sections}
          onChildrenChange={set.children}
        />

        <FilesEditor
          files={draft.files}
          pendingFiles={draft.pendingFiles}
          errors={errors}
          disabled={disabled}
          onFilesChange={set.files}
          onPendingChange={set.pendingFiles}
        />

        <Box component="section" aria-labelledby="knowledge-editor-heading">
          <Typography variant="h2" id="knowledge-editor-heading" sx={{ mb: 1.5 }}>
            Knowledge, skills and abilities
          </Typography>
          <Stack spacing={3}>
            {KNOWLEDGE_ORDER.map((type) => {
              const field = FIELD_OF[type];
              return (
                <KnowledgePicker
                  key={type}
                  type={type}
                  items={knowledge.data ?? NO_KNOWLEDGE}
                  selectedIds={draft[field]}
                  field={field}
                  error={
                    errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1]
                  }
                  disabled={disabled}
                  onChange={set[field]}
                />
              );
            })}
          </Stack>
        </Box>

        <CuratedDatesEditor
          value={draft.lastCuratedTimestamps}
          errors={errors}
          disabled={disabled}
          onChange={set.lastCuratedTimestamps}
        />

        <Box component="section" aria-labelledby="keywords-editor-heading">
          <Typography variant="h2" id="keywords-editor-heading" sx={{ mb: 1.5 }}>
            Search keywords
          </Typography>
          <KeywordsEditor
            value={draft.keywords}
            error={errors.keywords ?? Object.entries(errors).find(([k]) => k.startsWith('keywords.'))?.[1]}
            disabled={disabled}
            onChange={set.keywords}
          />
        </Box>

        <ContributorsEditor
          value={draft.contributors}
          error={errors.contributorIds}
          disabled={disabled}
          onChange={set.contributors}
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
