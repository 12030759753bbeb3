/**
 * The editors of the eleven widget kinds (001 §3 fields and limits, §5 "Text and multiline fields show
 * a counter", "Page-target fields let the editor pick a named target or Other with free text"). Each
 * edits `widgets.<index>` of the section form; the registry loads this module on demand.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Controller, useFieldArray, useFormContext, type FieldPath } from 'react-hook-form';
import type { UploadKind } from '@portal/shared/schemas/files';
import { RichTextEditor } from '../../../components/rich-text-editor/rich-text-editor';
import { FIELD_ATTRIBUTE } from '../../../lib/form-errors';
import { allPagesQueryOptions } from '../api/list-pages';
import * as limits from '@portal/shared/limits';
import {
  GIANT_ICON_NAMES,
  HEADING_COLORS,
  HEADING_TYPES,
  HEADING_TYPE_LABELS,
  IMAGE_POSITIONS,
  SIDE_POSITIONS,
  WIDGET_FILE_SLOTS,
  type WidgetKind,
} from '../api/page-types';
import { WidgetFileField, type PickedFile } from '../components/widget-file-field';
import type { SectionForm } from './section-form';
import type { WidgetEditorProps } from './widget-registry';

type Path = FieldPath<SectionForm>;

/** One field of a kind's editor. */
type FieldSpec =
  | { type: 'text'; name: string; label: string; max: number; isRequired?: boolean; isMultiline?: boolean }
  | { type: 'select'; name: string; label: string; options: readonly (readonly [string, string])[] }
  | { type: 'rich'; name: string; label: string }
  | { type: 'target'; name: string; label: string }
  | { type: 'file'; name: string; label: string; kind: UploadKind; isRequired: boolean }
  | { type: 'icon'; name: string; label: string };

/** The limits of the widget fields (001 §3), by the names the specs below use. */
const L = {
  headingText: limits.HEADING_TEXT_MAX,
  calloutText: limits.CALLOUT_TEXT_MAX,
  callToActionText: limits.CALL_TO_ACTION_TEXT_MAX,
  coverTitle: limits.COVER_TITLE_MAX,
  coverSubtitle: limits.COVER_SUBTITLE_MAX,
  teamName: limits.TEAM_MEMBER_NAME_MAX,
  teamTitle: limits.TEAM_MEMBER_TITLE_MAX,
  teamDescription: limits.TEAM_MEMBER_DESCRIPTION_MAX,
  imageName: limits.IMAGE_NAME_MAX,
  imageMaxHeight: limits.IMAGE_MAX_HEIGHT_LENGTH_MAX,
  videoId: limits.YOUTUBE_VIDEO_ID_MAX,
  featureTitle: limits.FEATURE_TITLE_MAX,
  featureSubtitle: limits.FEATURE_SUBTITLE_MAX,
  buttonName: limits.GIANT_ICON_BUTTON_NAME_MAX,
  buttonDescription: limits.GIANT_ICON_BUTTON_DESCRIPTION_MAX,
  fileName: limits.FILE_DISPLAY_NAME_MAX,
  target: limits.PAGE_TARGET_MAX,
} as const;
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const optionsOf = (values: readonly string[]) => values.map((value) => [value, capitalised(value)] as const);

/** A text field with its counter (001 §5). */
function CountedTextField({ path, spec }: { path: Path; spec: Extract<FieldSpec, { type: 'text' }> }) {
  const { control } = useFormContext<SectionForm>();
  return (
    <Controller
      control={control}
      name={path}
      render={({ field, fieldState }) => {
        const value = String(field.value ?? '');
        return (
          <TextField
            label={spec.label}
            required={spec.isRequired ?? true}
            multiline={spec.isMultiline}
            minRows={spec.isMultiline ? 3 : undefined}
            fullWidth
            name={field.name}
            value={value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? `${value.length}/${spec.max}`}
            slotProps={{
              htmlInput: { maxLength: spec.max },
              formHelperText: { role: fieldState.error ? 'alert' : undefined },
            }}
          />
        );
      }}
    />
  );
}

/** A page target (001 §5): one of the named pages, or Other with free text. */
function TargetField({ path, label }: { path: Path; label: string }) {
  const { control } = useFormContext<SectionForm>();
  const pages = useQuery(allPagesQueryOptions()).data ?? [];
  const [isOther, setIsOther] = useState<boolean | null>(null);
  return (
    <Controller
      control={control}
      name={path}
      render={({ field, fieldState }) => {
        const value = String(field.value ?? '');
        const isNamed = pages.some((page) => page.href === value);
        const showsOther = isOther ?? (value !== '' && !isNamed);
        return (
          <Stack spacing={1}>
            <TextField
              select
              label={label}
              required
              fullWidth
              value={showsOther ? '__other' : isNamed ? value : ''}
              onChange={(event) => {
                const picked = event.target.value;
                setIsOther(picked === '__other');
                field.onChange(picked === '__other' ? '' : picked);
              }}
              inputRef={showsOther ? undefined : field.ref}
              error={Boolean(fieldState.error) && !showsOther}
              helperText={!showsOther ? fieldState.error?.message : undefined}
              slotProps={{ formHelperText: { role: fieldState.error ? 'alert' : undefined } }}
            >
              {pages.map((page) => (
                <MenuItem key={page.id} value={page.href}>
                  {page.title} ({page.href})
                </MenuItem>
              ))}
              <MenuItem value="__other">Other</MenuItem>
            </TextField>
            {showsOther && (
              <TextField
                label={`${label}: address`}
                required
                fullWidth
                value={value}
                onChange={field.onChange}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? `${value.length}/${L.target}`}
                slotProps={{
                  htmlInput: { maxLength: L.target },
                  formHelperText: { role: fieldState.error ? 'alert' : undefined },
                }}
              />
            )}
          </Stack>
        );
      }}
    />
  );
}

/** The errors of a file field: the file itself and its alt text. */
function fileErrorsOf(error: unknown): { file?: string; alt?: string } {
  const e = error as { message?: string; alt?: { message?: string } } | undefined;
  return { file: e?.message, alt: e?.alt?.message };
}

/** One field by its spec. */
function FieldEditor({ base, spec }: { base: string; spec: FieldSpec }) {
  const { control } = useFormContext<SectionForm>();
  const path = `${base}.${spec.name}` as Path;
  switch (spec.type) {
    case 'text':
      return <CountedTextField path={path} spec={spec} />;
    case 'target':
      return <TargetField path={path} label={spec.label} />;
    case 'select':
    case 'icon': {
      const options =
        spec.type === 'icon' ? GIANT_ICON_NAMES.map((name) => [name, name] as const) : spec.options;
      return (
        <Controller
          control={control}
          name={path}
          render={({ field }) => (
            <TextField
              select
              label={spec.label}
              required
              fullWidth
              value={String(field.value ?? '')}
              onChange={field.onChange}
              inputRef={field.ref}
            >
              {options.map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      );
    }
    case 'rich':
      return (
        <Controller
          control={control}
          name={path}
          render={({ field, fieldState }) => {
            field.ref({
              focus: () => document.querySelector<HTMLElement>(`[${FIELD_ATTRIBUTE}="${path}"]`)?.focus(),
            });
            return (
              <RichTextEditor
                label={spec.label}
                field={path}
                required
                value={String(field.value ?? '')}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            );
          }}
        />
      );
    case 'file':
      return (
        <Controller
          control={control}
          name={path}
          render={({ field, fieldState }) => (
            <WidgetFileField
              label={spec.label}
              kind={spec.kind}
              field={path}
              isRequired={spec.isRequired}
              value={(field.value as PickedFile | null) ?? null}
              onChange={field.onChange}
              errors={fileErrorsOf(fieldState.error)}
            />
          )}
        />
      );
  }
}

/** An editor made of field specs. */
function editorOf(fields: FieldSpec[]): ComponentType<WidgetEditorProps> {
  return function WidgetFields({ index }: WidgetEditorProps) {
    return (
      <Stack spacing={2}>
        {fields.map((spec) => (
          <FieldEditor key={spec.name} base={`widgets.${index}`} spec={spec} />
        ))}
      </Stack>
    );
  };
}

/** A giant icon button's widgets (001 §4): several; one can be removed only while more than one exists. */
function GiantIconButtonEditor({ index }: WidgetEditorProps) {
  const { control } = useFormContext<SectionForm>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `widgets.${index}.buttons` as never,
  });
  const specs: FieldSpec[] = [
    { type: 'text', name: 'name', label: 'Name', max: L.buttonName },
    { type: 'text', name: 'description', label: 'Description', max: L.buttonDescription, isMultiline: true },
    { type: 'target', name: 'target', label: 'Target page' },
    { type: 'icon', name: 'icon', label: 'Icon' },
  ];
  return (
    <Stack spacing={2}>
      {fields.map((entry, position) => (
        <Paper key={entry.id} variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            {specs.map((spec) => (
              <FieldEditor key={spec.name} base={`widgets.${index}.buttons.${position}`} spec={spec} />
            ))}
          </Stack>
          <Box sx={{ textAlign: 'right', mt: 1 }}>
            <IconButton
              aria-label={`Remove button ${position + 1}`}
              disabled={fields.length <= 1}
              onClick={() => remove(position)}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        </Paper>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append({ name: '', description: '', target: '', icon: 'launch' } as never)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add button
      </Button>
    </Stack>
  );
}

/** Every kind's editor: the mapped type makes a missing kind a compile error. */
export const WIDGET_EDITORS: { [K in WidgetKind]: ComponentType<WidgetEditorProps> } = {
  heading: editorOf([
    { type: 'text', name: 'text', label: 'Text', max: L.headingText },
    {
      type: 'select',
      name: 'headingType',
      label: 'Heading type',
      options: HEADING_TYPES.map((type) => [type, HEADING_TYPE_LABELS[type]] as const),
    },
    { type: 'select', name: 'headingColor', label: 'Heading colour', options: optionsOf(HEADING_COLORS) },
  ]),
  calloutBox: editorOf([
    { type: 'text', name: 'text', label: 'Text', max: L.calloutText, isMultiline: true },
  ]),
  contentBox: editorOf([
    { type: 'rich', name: 'content', label: 'Content' },
    { type: 'select', name: 'imagePosition', label: 'Image position', options: optionsOf(SIDE_POSITIONS) },
    {
      type: 'file',
      name: 'image',
      label: 'Image',
      kind: WIDGET_FILE_SLOTS.contentBox.image,
      isRequired: false,
    },
  ]),
  callToAction: editorOf([
    { type: 'text', name: 'text', label: 'Text', max: L.callToActionText },
    { type: 'target', name: 'target', label: 'Target page' },
  ]),
  coverImage: editorOf([
    { type: 'text', name: 'title', label: 'Title', max: L.coverTitle },
    { type: 'text', name: 'subtitle', label: 'Subtitle', max: L.coverSubtitle, isRequired: false },
    { type: 'file', name: 'image', label: 'Image', kind: 'image', isRequired: true },
  ]),
  teamMember: editorOf([
    { type: 'text', name: 'name', label: 'Name', max: L.teamName },
    { type: 'text', name: 'title', label: 'Title', max: L.teamTitle },
    { type: 'text', name: 'description', label: 'Description', max: L.teamDescription, isMultiline: true },
    {
      type: 'file',
      name: 'avatar',
      label: 'Avatar',
      kind: WIDGET_FILE_SLOTS.teamMember.avatar,
      isRequired: false,
    },
    { type: 'file', name: 'logo', label: 'Logo', kind: WIDGET_FILE_SLOTS.teamMember.logo, isRequired: false },
  ]),
  image: editorOf([
    { type: 'text', name: 'name', label: 'Name', max: L.imageName },
    { type: 'text', name: 'maxHeight', label: 'Maximum height', max: L.imageMaxHeight, isRequired: false },
    { type: 'select', name: 'position', label: 'Position', options: optionsOf(IMAGE_POSITIONS) },
    { type: 'file', name: 'image', label: 'Image', kind: 'image', isRequired: true },
  ]),
  youTube: editorOf([{ type: 'text', name: 'videoId', label: 'Video id', max: L.videoId }]),
  featureItem: editorOf([
    { type: 'text', name: 'title', label: 'Title', max: L.featureTitle },
    { type: 'text', name: 'subtitle', label: 'Subtitle', max: L.featureSubtitle, isMultiline: true },
    { type: 'select', name: 'imagePosition', label: 'Image position', options: optionsOf(SIDE_POSITIONS) },
    { type: 'file', name: 'image', label: 'Image', kind: 'image', isRequired: true },
  ]),
  giantIconButton: GiantIconButtonEditor,
  file: editorOf([
    { type: 'text', name: 'name', label: 'Display name', max: L.fileName },
    { type: 'file', name: 'file', label: 'File', kind: WIDGET_FILE_SLOTS.file.file, isRequired: true },
  ]),
};
