/**
 * Enumerations of the courseware area and the site (000 §3, 001 §3, §9).
 * Values are the stored and transmitted form; labels are what a person reads.
 */

/** Content categories (000 §3). */
export const CONTENT_CATEGORIES = ['course', 'module', 'lesson', 'exercise', 'environment'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];
export const CONTENT_CATEGORY_LABELS: Record<ContentCategory, string> = {
  course: 'Course',
  module: 'Module',
  lesson: 'Lesson',
  exercise: 'Exercise',
  environment: 'Environment',
};

/** Education levels (000 §3); keys as in the dashboard metrics of 001 §3. */
export const EDUCATION_LEVELS = [
  'highschool',
  'communitycollege',
  'universityundergraduate',
  'graduatestudent',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export const EDUCATION_LEVEL_LABELS: Record<EducationLevel, string> = {
  highschool: 'High School',
  communitycollege: 'Community College',
  universityundergraduate: 'University Undergraduate',
  graduatestudent: 'Graduate Student',
};

/** Experience levels (000 §3). */
export const EXPERIENCE_LEVELS = [
  'beginner',
  'beginnerplus',
  'intermediate',
  'intermediateplus',
  'advanced',
] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  beginner: 'Beginner',
  beginnerplus: 'Beginner Plus',
  intermediate: 'Intermediate',
  intermediateplus: 'Intermediate Plus',
  advanced: 'Advanced',
};

/** Extra tag values a content item may carry (000 §3). */
export const CONTENT_TAGS = ['homework', 'lab', 'uncurated', 'exams', 'quizzes'] as const;
export type ContentTag = (typeof CONTENT_TAGS)[number];
export const CONTENT_TAG_LABELS: Record<ContentTag, string> = {
  homework: 'Homework',
  lab: 'Lab',
  uncurated: 'Uncurated',
  exams: 'Exams',
  quizzes: 'Quizzes',
};

/** Content status (000 §4). `unpublished` is the default for new content. */
export const CONTENT_STATUSES = ['unpublished', 'unlisted', 'published', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const DEFAULT_CONTENT_STATUS: ContentStatus = 'unpublished';

/** Knowledge item types (000 §3; CYBOK: the CyBOK 1.1 knowledge areas, issue 25). */
export const KNOWLEDGE_TYPES = ['KSA', 'KU', 'TKS', 'CYBOK'] as const;
export type KnowledgeType = (typeof KNOWLEDGE_TYPES)[number];
export const KNOWLEDGE_TYPE_LABELS: Record<KnowledgeType, string> = {
  TKS: 'Task Knowledge Skills (TKS)',
  KSA: 'Knowledge Skill Abilities (KSA)',
  KU: 'Knowledge Units (KU)',
  CYBOK: 'CyBOK Knowledge Areas',
};
/** The kind of a knowledge item in a word, where the item is named beside it (suggestions, chips). */
export const KNOWLEDGE_TYPE_SHORT_LABELS: Record<KnowledgeType, string> = {
  TKS: 'TKS',
  KSA: 'KSA',
  KU: 'KU',
  CYBOK: 'CyBOK',
};

/** What a curator did with a suggested alignment (issue 25): kept on the item, or turned down. */
export const ALIGNMENT_DECISIONS = ['accepted', 'rejected'] as const;
export type AlignmentDecision = (typeof ALIGNMENT_DECISIONS)[number];

/** File visibility and metadata type (000 §3 File). */
export const FILE_VISIBILITIES = ['public', 'private'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];
/** 'page': a public image or file of a page's widget, its metadataId the page's id (001 §3 Widget file). */
export const FILE_METADATA_TYPES = ['portrait', 'content', 'page'] as const;
export type FileMetadataType = (typeof FILE_METADATA_TYPES)[number];
/** Status of a stored file; bundles start pending (000 §4 zip download). */
export const FILE_STATUSES = ['pending', 'ready', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Category groups of business units (000 §9, 001 §9). */
export const CATEGORY_GROUPS = ['k12', 'communitycollege', 'university', 'government', 'other'] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

/** Roles of our claim mapping (DESIGN.md "Roles and claims"). */
export const ROLES = ['student', 'faculty', 'contenteditor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  faculty: 'Faculty',
  contenteditor: 'Content editor',
  admin: 'Admin',
};

/** Brand variants, picked by BASE_DOMAIN (001 §1, §9). */
export const BRAND_VARIANTS = ['national', 'state'] as const;
export type BrandVariant = (typeof BRAND_VARIANTS)[number];
/** The site's name in each brand variant (Open Graph's og:site_name; the web's brand.ts shows the same). */
export const BRAND_NAMES: Record<BrandVariant, string> = {
  national: 'Cyber Range Portal',
  state: 'State Cyber Range',
};

/**
 * Facet dimensions of the search (issue: facet counts for each filter value). Each value owns one
 * bit of a row's `facet_bits`, in this order; migration 0002 computes the same bits in SQL.
 */
export const FACET_DIMENSIONS = [
  ['contentCategories', CONTENT_CATEGORIES],
  ['educationLevels', EDUCATION_LEVELS],
  ['experienceLevels', EXPERIENCE_LEVELS],
  ['tags', CONTENT_TAGS],
] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number][0];

/** How a business unit's category group reads (001 §9 Dashboard category groups). */
export const CATEGORY_GROUP_LABELS: Record<CategoryGroup, string> = {
  k12: 'K-12',
  communitycollege: 'Community College',
  university: 'University',
  government: 'Government',
  other: 'Other',
};
/** The category groups that get a top-content table on the dashboard (001 §9: k12, college, university, government). */
export const TOP_CONTENT_GROUPS = ['k12', 'communitycollege', 'university', 'government'] as const;

/** Statistic categories the statistics client asks for (001 §7): only content file downloads exist. */
export const STATISTIC_CATEGORIES = ['contentfiledownload'] as const;
export type StatisticCategory = (typeof STATISTIC_CATEGORIES)[number];
/**
 * Metrics of the content file download category (001 §3 Statistic bucket, §7):
 * `downloads` by calendar day, `businessunit` top schools, `topmostcontent` top content per group.
 */
export const STATISTIC_METRICS = ['downloads', 'businessunit', 'topmostcontent'] as const;
export type StatisticMetric = (typeof STATISTIC_METRICS)[number];
/** Bucket resolutions (001 §4: the dashboard uses daily resolution). */
export const STATISTIC_RESOLUTIONS = ['day'] as const;
export type StatisticResolution = (typeof STATISTIC_RESOLUTIONS)[number];

/** Widget kinds of a page section (001 §3 Widget kinds), in the order the section dialog offers them. */
export const WIDGET_KINDS = [
  'heading',
  'calloutBox',
  'contentBox',
  'callToAction',
  'coverImage',
  'teamMember',
  'image',
  'youTube',
  'featureItem',
  'giantIconButton',
  'file',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
export const WIDGET_KIND_LABELS: Record<WidgetKind, string> = {
  heading: 'Heading',
  calloutBox: 'Callout Box',
  contentBox: 'Content Box',
  callToAction: 'Call To Action',
  coverImage: 'Cover Image',
  teamMember: 'Team Member',
  image: 'Image',
  youTube: 'YouTube',
  featureItem: 'Feature Item',
  giantIconButton: 'Giant Icon Button',
  file: 'File',
};

/** Heading levels of the heading widget and what the editor calls them (001 §3). */
export const HEADING_TYPES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export type HeadingType = (typeof HEADING_TYPES)[number];
export const HEADING_TYPE_LABELS: Record<HeadingType, string> = {
  h1: 'Page Heading',
  h2: 'Section Heading',
  h3: 'Heading',
  h4: 'Subheading',
  h5: 'Headline',
  h6: 'Title',
};

/** Heading colours (001 §3): default is black, tertiary is green. */
export const HEADING_COLORS = ['default', 'primary', 'secondary', 'tertiary'] as const;
export type HeadingColor = (typeof HEADING_COLORS)[number];
export const HEADING_COLOR_LABELS: Record<HeadingColor, string> = {
  default: 'Default',
  primary: 'Primary',
  secondary: 'Secondary',
  tertiary: 'Tertiary',
};

/** Where a content box's or feature item's image sits beside its text (001 §3). */
export const SIDE_IMAGE_POSITIONS = ['left', 'right'] as const;
export type SideImagePosition = (typeof SIDE_IMAGE_POSITIONS)[number];
/** Where an image widget's image sits (001 §3). */
export const IMAGE_POSITIONS = ['left', 'center', 'right'] as const;
export type ImagePosition = (typeof IMAGE_POSITIONS)[number];
export const POSITION_LABELS: Record<ImagePosition, string> = {
  left: 'Left',
  center: 'Center',
  right: 'Right',
};

/** Icons a giant icon button may name (001 §3 "icon name"): a closed list the web app draws. */
export const GIANT_ICON_NAMES = [
  'assignment',
  'cloud',
  'event',
  'forum',
  'groups',
  'help',
  'launch',
  'menuBook',
  'school',
  'security',
  'terminal',
  'videoLibrary',
] as const;
export type GiantIconName = (typeof GIANT_ICON_NAMES)[number];

/** Page layouts (001 §2, §3): the hand-sorted list shows sections in order, the grouped list in tabs. */
export const PAGE_LAYOUTS = ['handSortedList', 'groupedList'] as const;
export type PageLayoutName = (typeof PAGE_LAYOUTS)[number];
export const PAGE_LAYOUT_LABELS: Record<PageLayoutName, string> = {
  handSortedList: 'Hand-sorted list',
  groupedList: 'Grouped list',
};
/** Group names are stored as layout parameters with this prefix and shown without it (001 §3). */
export const PAGE_GROUP_PREFIX = 'group-';

/** What a page revision recorded (issue 11 "History": who, when, what). */
export const PAGE_REVISION_CHANGES = ['create', 'update', 'section', 'layout', 'restore'] as const;
export type PageRevisionChange = (typeof PAGE_REVISION_CHANGES)[number];
export const PAGE_REVISION_CHANGE_LABELS: Record<PageRevisionChange, string> = {
  create: 'Page created',
  update: 'Page details changed',
  section: 'Section changed',
  layout: 'Sections reordered',
  restore: 'Revision restored',
};
