/**
 * The section dialog's form (001 §5 Page dialog, §4 Widget dialog): the group, the widget kind and the
 * kind's widgets. Picked files wait as blobs until the save uploads them; the form is checked by the
 * widget union itself, a waiting file standing in with a placeholder id.
 */
import { z } from 'zod';
import {
  WidgetSchema,
  type PageSection,
  type Widget,
  type WidgetFile,
  type WidgetKind,
} from '../api/page-types';
import type { PickedFile } from '../components/widget-file-field';
import { widgetFileUrl } from './widget-views';

/** A widget as the form holds it: its fields, files as picked files. */
export type WidgetDraft = { kind: WidgetKind } & Record<string, unknown>;

export interface SectionForm {
  group: string;
  kind: WidgetKind | '';
  widgets: WidgetDraft[];
}

/** The id a picked file stands in with while the form is checked (never sent). */
const WAITING_FILE_ID = '00000000-0000-4000-8000-000000000000';

function isPickedFile(value: unknown): value is PickedFile {
  return typeof value === 'object' && value !== null && 'blob' in value && 'filename' in value;
}

/** A draft with each picked file replaced by `fileOf(picked)`. */
function mapFiles(draft: WidgetDraft, fileOf: (picked: PickedFile) => WidgetFile): unknown {
  const map = (value: unknown): unknown => {
    if (isPickedFile(value)) return fileOf(value);
    if (Array.isArray(value)) return value.map(map);
    return value;
  };
  return Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, map(value)]));
}

const placeholder = (picked: PickedFile): WidgetFile => ({
  fileId: picked.fileId ?? WAITING_FILE_ID,
  filename: picked.filename,
  mimeType: picked.mimeType,
  alt: picked.alt,
});

/** The form's schema: group trimmed, kind required, each widget by the union (001 §5). */
export const SectionFormSchema = z
  .object({
    group: z.string().trim(),
    kind: z.string().min(1, 'Choose a widget kind.'),
    widgets: z.array(z.record(z.string(), z.unknown())).min(1),
  })
  .superRefine((form, ctx) => {
    form.widgets.forEach((draft, index) => {
      const parsed = WidgetSchema.safeParse(mapFiles(draft as WidgetDraft, placeholder));
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['widgets', index, ...issue.path], message: issue.message });
      }
    });
  });

/** A stored file as the picker shows it. */
export function pickedOf(file: WidgetFile | null): PickedFile | null {
  return file ? { ...file, url: widgetFileUrl(file), blob: null, uploadKind: 'file' } : null;
}

/** A stored widget as a draft. */
export function draftOf(widget: Widget): WidgetDraft {
  return mapDraftValues(widget as unknown as WidgetDraft, (value) =>
    typeof value === 'object' && value !== null && 'fileId' in value ? pickedOf(value as WidgetFile) : value,
  );
}

function mapDraftValues(draft: WidgetDraft, map: (value: unknown) => unknown): WidgetDraft {
  return Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, map(value)])) as WidgetDraft;
}

/** The new fields of each kind (001 §4: changing the kind resets all field values). */
export function emptyWidgetOf(kind: WidgetKind): WidgetDraft {
  const empty: Record<WidgetKind, Record<string, unknown>> = {
    heading: { text: '', headingType: 'h2', headingColor: 'default' },
    calloutBox: { text: '' },
    contentBox: { content: '', imagePosition: 'right', image: null },
    callToAction: { text: '', target: '' },
    coverImage: { title: '', subtitle: '', image: null },
    teamMember: { name: '', title: '', description: '', avatar: null, logo: null },
    image: { name: '', maxHeight: '', position: 'center', image: null },
    youTube: { videoId: '' },
    featureItem: { title: '', subtitle: '', imagePosition: 'left', image: null },
    giantIconButton: { buttons: [{ name: '', description: '', target: '', icon: 'launch' }] },
    file: { name: '', file: null },
  };
  return { kind, ...empty[kind] };
}

/** The form's values for a section, or a new one. */
export function sectionFormOf(section: PageSection | null): SectionForm {
  if (!section) return { group: '', kind: '', widgets: [] };
  return {
    group: section.key ?? '',
    kind: section.widgets[0]?.kind ?? '',
    widgets: section.widgets.map(draftOf),
  };
}

/** Every picked file of the drafts that waits for its upload. */
export function waitingFiles(drafts: WidgetDraft[]): PickedFile[] {
  const found: PickedFile[] = [];
  const visit = (value: unknown) => {
    if (isPickedFile(value)) {
      if (value.blob) found.push(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  drafts.forEach(visit);
  return found;
}

/** Ids of the stored files the widgets use. */
export function fileIdsOf(widgets: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      if ('fileId' in value && typeof value.fileId === 'string' && value.fileId) ids.add(value.fileId);
      Object.values(value).forEach(visit);
    }
  };
  widgets.forEach(visit);
  return ids;
}

/** The widgets to send, each picked file replaced by the stored file `uploaded` gives for it. */
export function widgetsToSave(drafts: WidgetDraft[], uploaded: Map<PickedFile, string>): Widget[] {
  return drafts.map((draft) =>
    WidgetSchema.parse(
      mapFiles(draft, (picked) => ({
        fileId: picked.blob ? uploaded.get(picked)! : picked.fileId!,
        filename: picked.filename,
        mimeType: picked.mimeType,
        alt: picked.alt,
      })),
    ),
  );
}

/** The group key of the form: trimmed, null when empty (001 §5 "ignored if empty"). */
export function groupKeyOf(group: string): string | null {
  const trimmed = group.trim();
  return trimmed ? trimmed : null;
}
