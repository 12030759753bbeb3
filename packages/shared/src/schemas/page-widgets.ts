/**
 * The widgets of dynamic pages (001 §3 Widget and its kinds, Widget file; §5 Images and files): the
 * eleven kinds as one union on `kind`, the file slots of each kind and the files a widget names.
 * schemas/pages.ts re-exports them beside the pages, sections and layouts they belong to.
 */
import { z } from 'zod';
import {
  GIANT_ICON_NAMES,
  HEADING_COLORS,
  HEADING_TYPES,
  IMAGE_POSITIONS,
  SIDE_IMAGE_POSITIONS,
  type WidgetKind,
} from '../enums.js';
import {
  ALT_TEXT_MAX,
  CALLOUT_TEXT_MAX,
  CALL_TO_ACTION_TEXT_MAX,
  CONTENT_BOX_HTML_MAX,
  COVER_SUBTITLE_MAX,
  COVER_TITLE_MAX,
  FEATURE_SUBTITLE_MAX,
  FEATURE_TITLE_MAX,
  FILE_DISPLAY_NAME_MAX,
  FILE_NAME_MAX,
  GIANT_ICON_BUTTONS_MAX,
  GIANT_ICON_BUTTON_DESCRIPTION_MAX,
  GIANT_ICON_BUTTON_NAME_MAX,
  HEADING_TEXT_MAX,
  IMAGE_MAX_HEIGHT_LENGTH_MAX,
  IMAGE_NAME_MAX,
  PAGE_TARGET_MAX,
  TEAM_MEMBER_DESCRIPTION_MAX,
  TEAM_MEMBER_NAME_MAX,
  TEAM_MEMBER_TITLE_MAX,
  YOUTUBE_VIDEO_ID_MAX,
} from '../limits.js';
import { isBlankHtml } from './courseware.js';
import { PAGE_OR_WEB_LINK, UuidSchema, linkUrlSchema } from './common.js';
import { MimeTypeSchema, type UploadKind } from './files.js';
import { REQUIRED } from './news.js';

/** The message of a text over `max` characters. */
export const tooLong = (max: number) => `Please enter at most ${max} characters.`;

/** User-visible texts of the widgets (001 §5); PAGE_MESSAGES holds them too. */
export const WIDGET_MESSAGES = {
  target: PAGE_OR_WEB_LINK.message,
  videoId: 'Please enter a YouTube video id: letters, digits, hyphens and underscores.',
  maxHeight: 'Please enter the maximum height in pixels, digits only.',
  fileNotOfPage: 'A file of this widget was not uploaded for this page. Please upload it again.',
  fileTooLargeForSlot: 'The selected file is too large to upload.',
  contentTooLong: `The content is longer than ${CONTENT_BOX_HTML_MAX} characters once written as HTML (each < is 4 characters). Please shorten it.`,
  imageRequiredType: 'Only PNG, JPEG, GIF, WebP or SVG images can be used here.',
} as const;

/** A required single-line or multiline widget field. */
export const requiredText = (max: number) => z.string().trim().min(1, REQUIRED).max(max, tooLong(max));
/** An optional text field: absent or empty becomes ''. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((v) => v ?? '');

/**
 * A page-target field (callToAction, giantIconButton): a page's link or, with Other, an http(s) address
 * (001 §5). Nothing else, so no `javascript:` address reaches a link.
 */
export const PageTargetSchema = linkUrlSchema(PAGE_OR_WEB_LINK, PAGE_TARGET_MAX).min(1, REQUIRED);

/** One file of a widget (001 §3 Widget file): a public page file; its alt text at most 1000 characters. */
export const WidgetFileSchema = z.object({
  fileId: UuidSchema,
  filename: z.string().trim().min(1, REQUIRED).max(FILE_NAME_MAX, tooLong(FILE_NAME_MAX)),
  mimeType: MimeTypeSchema,
  alt: optionalText(ALT_TEXT_MAX),
});
export type WidgetFile = z.infer<typeof WidgetFileSchema>;
/** An image of a widget: alt text is required when the image is present (001 §5). */
export const WidgetImageSchema = WidgetFileSchema.extend({ alt: requiredText(ALT_TEXT_MAX) });
export type WidgetImage = z.infer<typeof WidgetImageSchema>;

/** Rich-text HTML of a content box (001 §3: required, at most 375000); the server sanitises it. */
export const ContentBoxHtmlSchema = z
  .string()
  .max(CONTENT_BOX_HTML_MAX, tooLong(CONTENT_BOX_HTML_MAX))
  .refine((v) => !isBlankHtml(v), REQUIRED);

export const HeadingWidgetSchema = z.object({
  kind: z.literal('heading'),
  text: requiredText(HEADING_TEXT_MAX),
  headingType: z.enum(HEADING_TYPES).default('h2'),
  headingColor: z.enum(HEADING_COLORS).default('default'),
});
export const CalloutBoxWidgetSchema = z.object({
  kind: z.literal('calloutBox'),
  text: requiredText(CALLOUT_TEXT_MAX),
});
export const ContentBoxWidgetSchema = z.object({
  kind: z.literal('contentBox'),
  content: ContentBoxHtmlSchema,
  imagePosition: z.enum(SIDE_IMAGE_POSITIONS).default('right'),
  image: WidgetImageSchema.nullish().transform((v) => v ?? null),
});
export const CallToActionWidgetSchema = z.object({
  kind: z.literal('callToAction'),
  text: requiredText(CALL_TO_ACTION_TEXT_MAX),
  target: PageTargetSchema,
});
export const CoverImageWidgetSchema = z.object({
  kind: z.literal('coverImage'),
  title: requiredText(COVER_TITLE_MAX),
  subtitle: optionalText(COVER_SUBTITLE_MAX),
  image: WidgetImageSchema,
});
export const TeamMemberWidgetSchema = z.object({
  kind: z.literal('teamMember'),
  name: requiredText(TEAM_MEMBER_NAME_MAX),
  title: requiredText(TEAM_MEMBER_TITLE_MAX),
  description: requiredText(TEAM_MEMBER_DESCRIPTION_MAX),
  avatar: WidgetImageSchema.nullish().transform((v) => v ?? null),
  logo: WidgetImageSchema.nullish().transform((v) => v ?? null),
});
export const ImageWidgetSchema = z.object({
  kind: z.literal('image'),
  name: requiredText(IMAGE_NAME_MAX),
  /** The image's maximum height in pixels, as typed (at most 4 digits); '' for none. */
  maxHeight: optionalText(IMAGE_MAX_HEIGHT_LENGTH_MAX).refine(
    (v) => /^\d*$/.test(v),
    WIDGET_MESSAGES.maxHeight,
  ),
  position: z.enum(IMAGE_POSITIONS).default('center'),
  image: WidgetImageSchema,
});
export const YouTubeWidgetSchema = z.object({
  kind: z.literal('youTube'),
  videoId: requiredText(YOUTUBE_VIDEO_ID_MAX).regex(/^[A-Za-z0-9_-]+$/, WIDGET_MESSAGES.videoId),
});
export const FeatureItemWidgetSchema = z.object({
  kind: z.literal('featureItem'),
  title: requiredText(FEATURE_TITLE_MAX),
  /** Multiline: line breaks are kept. */
  subtitle: requiredText(FEATURE_SUBTITLE_MAX),
  imagePosition: z.enum(SIDE_IMAGE_POSITIONS).default('left'),
  image: WidgetImageSchema,
});
/** One button of a giant icon button widget. */
export const GiantIconButtonEntrySchema = z.object({
  name: requiredText(GIANT_ICON_BUTTON_NAME_MAX),
  description: requiredText(GIANT_ICON_BUTTON_DESCRIPTION_MAX),
  target: PageTargetSchema,
  icon: z.enum(GIANT_ICON_NAMES),
});
export type GiantIconButtonEntry = z.infer<typeof GiantIconButtonEntrySchema>;
/** A giant icon button holds several buttons; one can be removed only while more than one exists (001 §4). */
export const GiantIconButtonWidgetSchema = z.object({
  kind: z.literal('giantIconButton'),
  buttons: z.array(GiantIconButtonEntrySchema).min(1, REQUIRED).max(GIANT_ICON_BUTTONS_MAX),
});
export const FileWidgetSchema = z.object({
  kind: z.literal('file'),
  name: requiredText(FILE_DISPLAY_NAME_MAX),
  file: WidgetFileSchema,
});

/** The eleven widget kinds (001 §3) as ONE discriminated union on `kind`. */
export const WidgetSchema = z.discriminatedUnion('kind', [
  HeadingWidgetSchema,
  CalloutBoxWidgetSchema,
  ContentBoxWidgetSchema,
  CallToActionWidgetSchema,
  CoverImageWidgetSchema,
  TeamMemberWidgetSchema,
  ImageWidgetSchema,
  YouTubeWidgetSchema,
  FeatureItemWidgetSchema,
  GiantIconButtonWidgetSchema,
  FileWidgetSchema,
]);
export type Widget = z.infer<typeof WidgetSchema>;
/** A widget as a form holds it before parsing (defaults not yet applied). */
export type WidgetInput = z.input<typeof WidgetSchema>;
export type WidgetOf<K extends WidgetKind> = Extract<Widget, { kind: K }>;

/**
 * The file slots of each kind and the upload kind (byte limit) each takes (001 §5): images 1048576,
 * avatar and logo 50000, files 104857600. The compiler checks every kind is listed.
 */
export const WIDGET_FILE_SLOTS = {
  heading: {},
  calloutBox: {},
  contentBox: { image: 'image' },
  callToAction: {},
  coverImage: { image: 'image' },
  teamMember: { avatar: 'avatar', logo: 'logo' },
  image: { image: 'image' },
  youTube: {},
  featureItem: { image: 'image' },
  giantIconButton: {},
  file: { file: 'file' },
} as const satisfies { [K in WidgetKind]: Partial<Record<keyof WidgetOf<K>, UploadKind>> };

/** The files a widget names, each with the upload kind of its slot. */
export function widgetFiles(widget: Widget): { file: WidgetFile; uploadKind: UploadKind }[] {
  const slots = WIDGET_FILE_SLOTS[widget.kind] as Record<string, UploadKind>;
  const found: { file: WidgetFile; uploadKind: UploadKind }[] = [];
  for (const [slot, uploadKind] of Object.entries(slots)) {
    const file = (widget as unknown as Record<string, WidgetFile | null | undefined>)[slot];
    if (file) found.push({ file, uploadKind });
  }
  return found;
}
