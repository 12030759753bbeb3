/**
 * Limits of dynamic pages and their widgets (001 §3 Page, Widget kinds; §5 Page dialog, Images and files; issue 11).
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/** Page dialog: title and description (create only) at most 256; the link at most 1024 (001 §5). */
export const PAGE_TITLE_MAX = 256;
export const PAGE_DESCRIPTION_MAX = 256;
export const PAGE_HREF_MAX = 1024;
/** heading: text (001 §3). */
export const HEADING_TEXT_MAX = 128;
/** calloutBox: text. */
export const CALLOUT_TEXT_MAX = 512;
/** contentBox: HTML content from the rich-text editor. */
export const CONTENT_BOX_HTML_MAX = 375_000;
/** callToAction: text. */
export const CALL_TO_ACTION_TEXT_MAX = 100;
/** coverImage: title and optional subtitle. */
export const COVER_TITLE_MAX = 128;
export const COVER_SUBTITLE_MAX = 128;
/** teamMember: name and title, description. */
export const TEAM_MEMBER_NAME_MAX = 128;
export const TEAM_MEMBER_TITLE_MAX = 128;
export const TEAM_MEMBER_DESCRIPTION_MAX = 4096;
/** image: name and the maximum-height text (pixels, at most 4 characters). */
export const IMAGE_NAME_MAX = 128;
export const IMAGE_MAX_HEIGHT_LENGTH_MAX = 4;
/** youTube: the video id. */
export const YOUTUBE_VIDEO_ID_MAX = 16;
/** featureItem: title and multiline subtitle. */
export const FEATURE_TITLE_MAX = 256;
export const FEATURE_SUBTITLE_MAX = 512;
/** giantIconButton: name and description of each button. */
export const GIANT_ICON_BUTTON_NAME_MAX = 128;
export const GIANT_ICON_BUTTON_DESCRIPTION_MAX = 4096;
/** file: display name. */
export const FILE_DISPLAY_NAME_MAX = 256;
/** A page-target field (a page's link or, with Other, an address): as long as a page link (ours). */
export const PAGE_TARGET_MAX = PAGE_HREF_MAX;
/** A section's group name (ours; the grouped layout's tab label). */
export const SECTION_GROUP_MAX = 128;
/** Widgets of one section, buttons of one giant icon button, sections of one page (ours). */
export const SECTION_WIDGETS_MAX = 12;
export const GIANT_ICON_BUTTONS_MAX = 12;
export const PAGE_SECTIONS_MAX = 200;
/** Pages per page of the page list; the client follows nextPageToken until none is left (001 §7). */
export const PAGES_PAGE_SIZE = 100;
export const PAGES_PAGE_SIZE_MAX = 1000;
/** Characters of a page section's title (its first widget's words) in labels and announcements. */
export const PAGE_SECTION_TITLE_MAX = 60;
/** Revisions per page of a page's history. */
export const PAGE_REVISIONS_PAGE_SIZE = 20;
export const PAGE_REVISIONS_PAGE_SIZE_MAX = 100;

/** A page section: every widget a full content box of HTML (ASCII), plus 1 MiB for the other fields. */
export const PAGE_SECTION_BODY_MAX_BYTES = SECTION_WIDGETS_MAX * CONTENT_BOX_HTML_MAX + 1_048_576;
/** Image hints of the file picker (001 §5): preferred sizes in pixels. */
export const IMAGE_HINT_PX = { width: 640, height: 300 } as const;
export const AVATAR_HINT_PX = { width: 204, height: 204 } as const;
export const LOGO_HINT_PX = { width: 290, height: 80 } as const;
/** The file widget's hint reads 10 MB while 104857600 bytes are enforced (001 §5 gives both). */
export const FILE_HINT_MB = 10;
/** Images a page names for its Open Graph tags (meta.images): its first image widgets' images (ours). */
export const PAGE_META_IMAGES_MAX = 4;
