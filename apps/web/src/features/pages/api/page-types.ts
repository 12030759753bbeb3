/**
 * The page builder's contract, from the shared schemas (001 §3 Page, Page section, Widget kinds), in
 * the names the web feature uses.
 */
export {
  GIANT_ICON_NAMES,
  HEADING_COLORS,
  HEADING_TYPES,
  HEADING_TYPE_LABELS,
  IMAGE_POSITIONS,
  PAGE_GROUP_PREFIX as GROUP_PREFIX,
  PAGE_LAYOUTS,
  PAGE_LAYOUT_LABELS,
  PAGE_REVISION_CHANGE_LABELS,
  SIDE_IMAGE_POSITIONS as SIDE_POSITIONS,
  WIDGET_KIND_LABELS,
  type GiantIconName,
  type WidgetKind,
} from '@portal/shared/enums';
export {
  CreatePageRequestSchema,
  PAGE_MESSAGES,
  PageLayoutSchema,
  PageListSchema,
  PageRevisionListSchema,
  PageSchema,
  UpdatePageRequestSchema,
  WIDGET_FILE_SLOTS,
  WidgetSchema,
  type CreatePageRequest,
  type GiantIconButtonEntry,
  type Page,
  type PageLayoutRequest,
  type PageRevisionSummary,
  type PageSection,
  type PageSummary,
  type SectionRequest,
  type UpdatePageRequest,
  type Widget,
  type WidgetFile,
  type WidgetOf,
} from '@portal/shared/schemas/pages';
