/** Addresses of the app's routes (001 §2, 000 §2), built in one place. */
import { encodeSegments } from '@portal/shared/path-segments';

/** The creating flag of /courseware?creating=1 (000 §2): the create form, for those who may create. */
export const CREATING_KEY = 'creating';

/**
 * Query parameters that only some roles may use (issue 34): what their page shows depends on who is
 * signed in, so the server leaves it to the browser, which reads the session first (isServerRendered).
 */
export const CALLER_PARAMS: readonly string[] = [CREATING_KEY];

export const paths = {
  home: '/',
  courseware: '/courseware',
  /** A content item by URL alias or id: aliases are shown with the prefix /courseware/ (000 §2). */
  content: (idOrAlias: string) => `/courseware/${encodeSegments(idOrAlias)}`,
  createCourseware: `/courseware?${CREATING_KEY}=1`,
  browseCourseware: '/courseware?browse=1',
  recentCourseware: '/courseware?new=true',
  callForCourseware: '/call-for-courseware',
  contentCategories: '/call-for-courseware/content-categories',
  /** Site pages (001 §1, §2); the specification does not give the static pages' paths. */
  features: '/features',
  about: '/about',
  team: '/team',
  community: '/community',
  workshops: '/community/cyber-workshops',
  oldWorkshops: '/community/cybered-workshops',
  resources: '/resources',
  termsOfUse: '/terms-of-use',
  jobs: '/jobs',
  pricing: '/pricing',
  rangePricing: '/rangepricing',
  contactUs: '/contact-us',
  conference: '/conference',
  conference2018: '/conference-2018',
  knowledgeBase: '/knowledge_base',
  unsafeSite: '/unsafe_site',
  news: '/news',
  events: '/events',
  newsletterSignup: '/newsletter-signup',
  siteSettings: '/admin/site-settings',
  unsafeSiteIncidents: '/admin/unsafe-site-incidents',
  /** Admin tables (000 §2); /admin and /archived-content are the other variant's addresses. */
  contentAdmin: '/cr-admin',
  archivedContent: '/cr-archived-content',
  /** Importing courseware by the course (issue 38): the upload and recent imports, and one import. */
  courseImport: '/cr-import',
  courseImportOf: (id: string) => `/cr-import/${encodeURIComponent(id)}`,
  login: '/login',
  logout: '/logout',
  /** Identity (001 §2, issue 5): sign-up and the exercise area leave the app. */
  signup: '/signup',
  exercises: '/exercises',
  dashboard: '/cr-dashboard',
  /** The page dialog in create mode (001 §2 "Add new page"). */
  newPage: '/new-page',
  adminUsers: '/admin/users',
  userImport: '/admin/user-import',
  outbox: '/admin/outbox',
  /** LTI 1.3 (issue 26): the admin's LMS platforms. */
  ltiPlatforms: '/admin/lti',
  invitations: '/invitations',
  /** The signed-in person's account: their LMS links (issue 33). */
  account: '/account',
  /** The items the signed-in person downloaded, and whether each changed since (issue 37). */
  myDownloads: '/account/downloads',
  /** News, events and the forms (001 §2, issue 12); the news feed is the server's (NEWS_FEED_PATH). */
  newsItem: (idOrAlias: string) => `/news/${encodeURIComponent(idOrAlias)}`,
  event: (idOrAlias: string) => `/events/${encodeURIComponent(idOrAlias)}`,
  contact: '/contact-us',
  newsletterSubscribers: '/admin/newsletter',
} as const;
