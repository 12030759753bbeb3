/**
 * Limits and constants, taken as written in 000 §5, §9 and 001 §5, §9.
 * Both server and web import them from here; features hold no magic numbers.
 */

// Content (000 §5, §9)
export const CONTENT_NAME_MAX = 1000;
export const DESCRIPTION_MAX = 100_000;
export const CHILD_NAME_MAX = 1000;
export const FILE_NAME_MAX = 120;
export const CONTRIBUTOR_FIELD_MAX = 1000;
export const FEEDBACK_MESSAGE_MAX = 1000;
export const SCREENSHOT_MAX_BYTES = 1_000_000;
export const SCREENSHOT_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const;
export const SEARCH_TEXT_MIN = 2;
export const SEARCH_TEXT_MAX = 256;
export const TAGS_PER_CONTENT_MAX = 20;
export const TAG_LENGTH_MAX = 50;
export const CONTENT_LIST_PAGE_SIZE = 300;
export const CONTRIBUTOR_LIST_LIMIT = 1000;
export const KNOWLEDGE_FETCH_SIZE = 10_000;
export const ZIP_POLL_INTERVAL_MS = 5000;
export const SINGLE_DOWNLOAD_WAIT_MS = 250;
export const UPDATED_CONTENT_CUTOFF_DAYS = 90;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const ADMIN_ROWS_PER_PAGE = [25, 50, 100, 'All'] as const;
export const SEARCH_CHIP_TEXT_MAX = 30;
export const COMBOBOX_BLUR_CLOSE_MS = 200;
export const MENU_MAX_HEIGHTS = [600, 400] as const;
export const RESULT_DESCRIPTION_TRIM = 80;
export const IMPLEMENTED_KSA_COUNT = 255;
export const IMPLEMENTED_KU_COUNT = 34;
export const PORTRAIT_DATA_MAX = 10_000_000_000;

/** Deepest level a walk up or down the courseware hierarchy goes (courseware is a handful of levels deep). */
export const TREE_DEPTH_MAX = 50;

/** Results per page on the courseware landing page ("a configured value, not shown": ours). */
export const COURSEWARE_LANDING_PAGE_SIZE = 10;
/** Most results a page of search may ask for. */
export const SEARCH_PAGE_SIZE_MAX = 100;
/**
 * Text search ranks at most this many candidates (best name matches first) and pages through them;
 * a query that matches more is told so with `isCapped` and should be narrowed with filters.
 */
export const SEARCH_CANDIDATE_CAP = 1000;
/**
 * How long a worked-out search (its plan, and its ranked candidates for paging) is kept, in seconds:
 * long enough to page through the results; a change to the catalogue ends it sooner.
 */
export const SEARCH_CACHE_TTL_SECONDS = 600;
/**
 * Most entries (plans and rankings, two per query at most) `search_cache` holds; a write past it removes
 * the oldest. A ranking of the demo data's 102 labs takes about 5 kB, one of SEARCH_CANDIDATE_CAP
 * candidates about 50 kB, so the table stays under about 50 MB even if every entry were a full ranking.
 */
export const SEARCH_CACHE_ENTRIES_MAX = 1000;
/**
 * Most first-page sightings kept (issue 33: a search is kept only when seen twice in a generation); a
 * sighting is a digest and a count, about 110 bytes (400 with its index entries).
 */
export const SEARCH_SIGHTINGS_MAX = 10_000;
/** How often a job worker deletes kept searches and sightings past their TTL or generation. */
export const SEARCH_CACHE_SWEEP_INTERVAL_MS = 60_000;
/**
 * Searches a signed-out client (a network address, an IPv6 client by its /64) may make within
 * SEARCH_ANONYMOUS_RATE_WINDOW_MS. A class of 40 behind one school address, each student searching as
 * fast as a person reads, needs at most about 1,000 a minute (measured: README "Security", Limits).
 */
export const SEARCH_ANONYMOUS_RATE_MAX = 1200;
export const SEARCH_ANONYMOUS_RATE_WINDOW_MS = 60_000;
/** Trigram similarity a vocabulary word must reach to stand in for a misspelt search term. */
export const FUZZY_SIMILARITY_MIN = 0.35;
/** Most entries of one list (sections, children, files, knowledge items, contributors) in one save. */
export const CONTENT_LIST_ENTRIES_MAX = 1000;
/**
 * "Not later than today" for last-curated dates (000 §5) is checked against the latest calendar date
 * anywhere on Earth (UTC+14), so a curator in any time zone may pick their own today.
 */
export const LATEST_UTC_OFFSET_HOURS = 14;
/** Deepest paragraph indent of the rich-text editor (kept as `data-indent` 1…4 on a paragraph). */
export const RICH_TEXT_INDENT_MAX = 4;
/** At most this many knowledge items or contributors are rendered in an add list; typing narrows it. */
export const PICKER_OPTIONS_MAX = 50;
/** Id or alias segments may not be longer than this (a URL alias is a name of at most 1000, hyphenated, plus its parents). */
export const ID_OR_ALIAS_MAX = 2048;

// Site (001 §9)
export const NEWS_PAGE_SIZE = 10;
export const EVENTS_PAGE_SIZE = 10;
export const PAGINATION_DEBOUNCE_MS = 500;
export const ANNOUNCE_DELAY_MS = 250;
export const TOKEN_EXPIRY_SKEW_S = 30;
export const TOKEN_REFRESH_BEFORE_S = 60;
export const ACCESS_TOKEN_TTL_S = 3600;
export const SSO_CODE_TTL_S = 60;
/** PKCE code verifier length (RFC 7636 §4.1: 43 to 128 unreserved characters). */
export const PKCE_VERIFIER_MIN = 43;
export const PKCE_VERIFIER_MAX = 128;
export const MAIN_CONTENT_MAX_WIDTH_PX = 1000;
export const ACCOUNT_MENU_WIDTH_PX = 400;
/** Version of the locally stored settings; a stored copy of another version is discarded (001 §9). */
export const LOCAL_STORAGE_VERSION = '1.00';
/** Display filters (001 §9): dates are cut to 10 characters, currency has two decimals. */
export const DISPLAY_DATE_LENGTH = 10;
export const CURRENCY_DECIMALS = 2;
/** Unsafe-site incidents (001 §2 /unsafe_site): the reported address and user agent are cut to this. */
export const UNSAFE_SITE_ADDRESS_MAX = 2048;
export const UNSAFE_SITE_INCIDENTS_PAGE_SIZE = 50;
/** Reports of unsafe sites one network address may send within UNSAFE_SITE_REPORT_RATE_WINDOW_MS. */
export const UNSAFE_SITE_REPORT_RATE_MAX = 10;
export const UNSAFE_SITE_REPORT_RATE_WINDOW_MS = 60_000;
/**
 * A report of the same page from the same network address within this time is answered as usual and
 * stores nothing new (issue 20).
 */
export const UNSAFE_SITE_REPORT_REPEAT_MS = 60 * 60_000;
export const FILE_MAX_BYTES = 104_857_600;
export const IMAGE_MAX_BYTES = 1_048_576;
export const AVATAR_MAX_BYTES = 50_000;
/** Logos are held to the avatar limit (001 §5: "Logo: up to 50 KB"). */
export const LOGO_MAX_BYTES = 50_000;
export const ALT_TEXT_MAX = 1000;
export const EMAIL_MAX = 320;
/** A return address (redirect, referrer) or the address of a page, in characters. */
export const ADDRESS_MAX = 2048;
/** An error report from the browser: its code and message, in characters. */
export const CLIENT_ERROR_CODE_MAX = 64;
export const CLIENT_ERROR_MESSAGE_MAX = 2000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const DISPLAY_NAME_MAX = 256;
/** The window of the per-address sign-in and code-exchange limits. */
export const LOGIN_RATE_WINDOW_MS = 60_000;
/**
 * FAILED sign-ins allowed per network address within LOGIN_RATE_WINDOW_MS (issue 9): a class behind one
 * school address (40 people a minute, some mistyping) signs in; guessing from one address is still
 * slowed, and each account is guarded from each network by LOGIN_ACCOUNT_FAILURES_MAX.
 */
export const LOGIN_ADDRESS_FAILURES_MAX = 30;
/**
 * Wrong passwords for one account (the address typed, known or not) from one network address within
 * LOGIN_ACCOUNT_FAILURE_WINDOW_MS before that account is slowed for that network only (issue 20: a
 * lockout only the guesser feels; its owner signing in from elsewhere is never refused).
 */
export const LOGIN_ACCOUNT_FAILURES_MAX = 10;
export const LOGIN_ACCOUNT_FAILURE_WINDOW_MS = 60 * 60_000;
/**
 * Past LOGIN_ACCOUNT_FAILURES_MAX, each further attempt from that network waits this long, doubled for
 * every further failure (or attempt while waiting), at most LOGIN_SLOWDOWN_MAX_MS.
 */
export const LOGIN_SLOWDOWN_BASE_MS = 30_000;
export const LOGIN_SLOWDOWN_MAX_MS = 15 * 60_000;
/** Sign-on code exchanges allowed per network address within LOGIN_RATE_WINDOW_MS (a class signs in). */
export const TOKEN_EXCHANGE_RATE_MAX = 120;
/** Per-address limits count an IPv6 client by its /64 network (one host holds a whole /64). */
export const IPV6_PREFIX_BITS = 64;
/** The longest a session lasts from its sign-in, whatever the refreshes (SESSION_MAX_AGE_DAYS default). */
export const SESSION_MAX_AGE_DAYS_DEFAULT = 14;
/** Browser error reports allowed per network address within CLIENT_ERROR_RATE_WINDOW_MS. */
export const CLIENT_ERROR_RATE_MAX = 30;
export const CLIENT_ERROR_RATE_WINDOW_MS = 60_000;
/** The most characters of a browser error report's details that reach the log. */
export const CLIENT_ERROR_DETAILS_LOG_MAX = 4000;

// Identity (issue 5): e-mail links, other rate limits, user import.
/** Password-reset requests allowed per account and per address within RESET_RATE_WINDOW_MS. */
export const RESET_RATE_MAX = 5;
export const RESET_RATE_WINDOW_MS = 15 * 60_000;
/** Sign-ups allowed per address within SIGNUP_RATE_WINDOW_MS. */
export const SIGNUP_RATE_MAX = 10;
export const SIGNUP_RATE_WINDOW_MS = 60 * 60_000;
/**
 * Content feedback messages allowed per account within FEEDBACK_RATE_WINDOW_MS: each one is an e-mail
 * to the support address, which must not become a way to flood it.
 */
export const FEEDBACK_RATE_MAX = 10;
export const FEEDBACK_RATE_WINDOW_MS = 60 * 60_000;
/** Lifetimes of the single-use e-mail links, in seconds. */
export const VERIFY_TOKEN_TTL_S = 24 * 3600;
export const RESET_TOKEN_TTL_S = 3600;
export const INVITE_TOKEN_TTL_S = 14 * 24 * 3600;
/** Rows one user import may hold. */
export const USER_IMPORT_ROWS_MAX = 1000;
/** Addresses one course invitation may hold. */
export const INVITATION_EMAILS_MAX = 200;
/** Addresses one account may invite to courses within INVITATION_RATE_WINDOW_MS (two full classes). */
export const INVITATION_RATE_MAX = 400;
export const INVITATION_RATE_WINDOW_MS = 60 * 60_000;
/**
 * A password-reset request answers no sooner than this, whether the address has an account or not,
 * so its timing does not tell (the work for a known address stays well under it).
 */
export const RESET_REQUEST_MIN_MS = 400;
/** Users per page of the admin user list. */
export const ADMIN_USERS_PAGE_SIZE = 25;

/** Characters of a courseware file's text kept for search (a longer document is searched by its start). */
export const DOCUMENT_TEXT_MAX = 200_000;
/** Bytes of a courseware file read for its text; a bigger file is not read for search. */
export const DOCUMENT_EXTRACT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Longest one document's text is read for, in milliseconds (issue 20 "Untrusted files"): its worker
 * thread is stopped after it and the file is marked "text not extracted". DOCUMENT_TEXT_TIMEOUT_MS.
 */
export const DOCUMENT_TEXT_TIMEOUT_MS_DEFAULT = 30_000;
/** Heap of the worker thread that reads a document's text, in MB (DOCUMENT_TEXT_MEMORY_MB). */
export const DOCUMENT_TEXT_MEMORY_MB_DEFAULT = 256;
/** Words around the found words in a document snippet of a search result (ts_headline). */
export const SNIPPET_WORDS_MIN = 12;
export const SNIPPET_WORDS_MAX = 28;
/** Acronym expansions tried per search (curated and learned), and the longest expansion in words. */
export const ACRONYM_EXPANSIONS_MAX = 4;
export const ACRONYM_WORDS_MAX = 8;
/** Letters of an acronym learned from the catalogue's texts. */
export const ACRONYM_LETTERS_MIN = 2;
export const ACRONYM_LETTERS_MAX = 8;
/** Characters of a document from whose start its snippet is taken (ts_headline reads all it is given). */
export const DOCUMENT_SNIPPET_SOURCE_MAX = 60_000;
// Statistics dashboard (001 §4, §9; issue 13).
/** Default range: from this many days before today… */
export const DASHBOARD_DEFAULT_FROM_DAYS_AGO = 182;
/** …to this many days after today (tomorrow: the range's end day is not included). */
export const DASHBOARD_DEFAULT_TO_DAYS_AHEAD = 1;
/** Longest filter range, in calendar months. */
export const DASHBOARD_RANGE_MAX_MONTHS = 12;
/** Rows of the top-schools table and of each top-content table. */
export const DASHBOARD_TOP_SCHOOLS = 10;
export const DASHBOARD_TOP_CONTENT_PER_GROUP = 5;
/** Height of every chart, in CSS pixels. */
export const DASHBOARD_CHART_HEIGHT_PX = 600;
/** Tick thinning of the downloads-over-time axis: a range longer than this many days… */
export const DASHBOARD_TICKS_YEARLY_OVER_DAYS = 547;
export const DASHBOARD_TICKS_MONTHLY_OVER_DAYS = 45;
export const DASHBOARD_TICKS_WEEKLY_OVER_DAYS = 12;
/** Presets of the date filter, in days back from tomorrow (beyond the specification). */
export const DASHBOARD_PRESET_DAYS = [7, 30] as const;
/** A chart needs at least this many data rows, else 'No Data to show for {title}' (001 §8). */
export const CHART_ROWS_MIN = 2;
/** Page size of the raw statistics (001 §9 raw export page). */
export const STATISTICS_RAW_PAGE_SIZE = 1000;
/** Largest page of statistic buckets: a whole year of days fits in one. */
export const STATISTICS_BUCKETS_LIMIT_MAX = 1000;
/**
 * Rows the CSV export reads from the database per keyset batch and writes as one chunk: small enough
 * that a batch is garbage before the collector promotes it (5,000 grew the server by 160 MB over a
 * 500,000-row export; 1,000 by under 20 MB), large enough that round trips do not dominate.
 */
export const STATISTICS_EXPORT_BATCH = 1000;
/** Business units (organizations): name and region lengths. */
export const ORGANIZATION_NAME_MAX = 256;
export const ORGANIZATION_REGION_MAX = 128;
/** Organizations per page of their list. */
export const ORGANIZATIONS_PAGE_SIZE_MAX = 1000;
/** IANA time zone names are at most this long (the longest is 32). */
export const TIME_ZONE_MAX = 64;
// Contact, newsletter and support forms (001 §5, §9)
/** Contact form: name, e-mail, organization and subject each at most this long. */
export const CONTACT_FIELD_MAX = 100;
export const CONTACT_MESSAGE_MAX = 10_000;
/** Newsletter form: every field at most this long. */
export const NEWSLETTER_FIELD_MAX = 256;
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 10_000;
/**
 * Public form submissions (contact, newsletter) allowed per client address within the window, counted
 * in the database; trap-field hits count too (issue 12).
 */
export const PUBLIC_FORM_RATE_MAX = 10;
export const PUBLIC_FORM_RATE_WINDOW_MS = 60 * 60_000;
/**
 * Confirmation and notice e-mails of one kind (sign-up, reset, newsletter confirmation, invitation) that
 * one address receives within MAIL_NOTICE_WINDOW_MS, whoever asks (issue 20: no mail bombing). Past it
 * the request is answered as usual and nothing is sent, so the answer tells nothing either.
 */
export const MAIL_NOTICES_PER_RECIPIENT_MAX = 1;
export const MAIL_NOTICE_WINDOW_MS = 60 * 60_000;
/** Support requests allowed per account within the window (each is e-mail to several people). */
export const SUPPORT_RATE_MAX = 10;
export const SUPPORT_RATE_WINDOW_MS = 60 * 60_000;
/** Courses per page of the support dialog's course list (001 §7 User client). */
export const SUPPORT_COURSES_PAGE_SIZE = 50;
/** Newsletter subscribers per page of the admin list. */
export const NEWSLETTER_ADMIN_PAGE_SIZE = 50;

// News and events (001 §5, §9)
export const NEWS_TITLE_MAX = 1024;
export const NEWS_LINK_MAX = 1024;
export const NEWS_DESCRIPTION_MAX = 10_240;
export const EVENT_LOCATION_MAX = 10_240;
/** Longest stored image data (a data URL) of a news item. */
export const NEWS_DATA_MAX = 512_000;
/** A news item or event body: its image data, its text at 3 bytes (UTF-8) a character, 16 KiB for the rest. */
export const DATED_ITEM_BODY_MAX_BYTES =
  NEWS_DATA_MAX + 3 * (NEWS_DESCRIPTION_MAX + EVENT_LOCATION_MAX + NEWS_TITLE_MAX + NEWS_LINK_MAX) + 16_384;
/** Home page: the latest published news shown, the published events fetched, the future ones shown. */
export const LANDING_NEWS_COUNT = 2;
export const LANDING_EVENTS_FETCH = 20;
export const LANDING_EVENTS_COUNT = 3;
/** The largest page a news or event list request may ask for. */
export const NEWS_PAGE_SIZE_MAX = 50;
/** Description characters shown in a list row before it is clamped (001 §2: about 120). */
export const NEWS_ROW_DESCRIPTION_CLAMP = 120;
/** Published news items in the RSS/Atom feed. */
export const NEWS_FEED_SIZE = 20;

// Dynamic pages and widgets (001 §3 Page, Widget kinds; §5 Page dialog, Images and files; issue 11)
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
/**
 * Request body limits in bytes (issue 20): a route's largest valid body, so anything larger is a 413
 * before it is parsed. Other JSON bodies get the app's default, `BODY_MAX_BYTES`.
 */
export const BODY_MAX_BYTES = 1_048_576;
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
/**
 * Operations (issue 23). A request id taken from a trusted proxy's X-Request-Id: at most this many
 * characters of letters, digits and `-_.:`; anything else gets a new UUID.
 */
export const REQUEST_ID_MAX = 128;
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** /api/ready: the database must answer its probe within this many milliseconds. */
export const READY_DATABASE_TIMEOUT_MS = 1000;
/** /api/ready: a job worker's heartbeat is recent when younger than this many poll intervals (and the lease). */
export const WORKER_HEARTBEAT_STALE_POLLS = 5;
/** Load shedding (@fastify/under-pressure): event-loop delay in milliseconds and heap in bytes over which requests get 503. */
export const OVERLOAD_EVENT_LOOP_DELAY_MS = 1000;
export const OVERLOAD_HEAP_USED_BYTES = 1_536 * 1024 * 1024;
/** Seconds an overloaded server asks the client to wait (Retry-After). */
export const OVERLOAD_RETRY_AFTER_S = 10;
/** METRICS_TOKEN: fewest characters (a guessable token would publish the operations figures). */
export const METRICS_TOKEN_MIN = 32;
/** Heartbeats of workers silent for longer than this many milliseconds are deleted (gone instances). */
export const WORKER_HEARTBEAT_KEEP_MS = 86_400_000;
/**
 * The file store's sweep (issue 23): an object no file row names, or a partial upload, is removed once
 * unmodified for this many milliseconds (FILE_SWEEP_GRACE_MS; a write in flight is younger); the sweep
 * runs at start and then every FILE_SWEEP_INTERVAL_MS on a job worker.
 */
export const FILE_SWEEP_GRACE_MS = 3_600_000;
export const FILE_SWEEP_INTERVAL_MS = 3_600_000;
/**
 * The S3 file store (issue 24): an upload streams in parts of this many bytes (S3's least, 5 MiB: up to
 * 48 GiB in S3's 10,000 parts), at most S3_UPLOAD_QUEUE_SIZE of them in flight, so one upload holds about
 * their product in memory (measured: a 1 GB bundle adds 10–35 MB to the server).
 */
export const S3_UPLOAD_PART_BYTES = 5 * 1024 * 1024;
export const S3_UPLOAD_QUEUE_SIZE = 1;
/** Seconds a presigned download URL of the S3 store lives (S3_PRESIGNED_DOWNLOADS). */
export const S3_PRESIGNED_URL_TTL_S = 60;
/** Longest `Range` header of a download read (one range of two 15-digit offsets fits well within it). */
export const RANGE_HEADER_MAX = 100;
/**
 * Graceful shutdown (issue 23): after SIGTERM/SIGINT the server stops listening, lets requests in
 * flight finish and hands running jobs back for at most this long, then exits anyway (code 1).
 */
export const SHUTDOWN_DEADLINE_MS = 20_000;
/** Database outage (issue 23): how long opening a connection to the PostgreSQL server may take. */
export const DATABASE_CONNECT_TIMEOUT_MS = 3000;
/** The longest one query to the PostgreSQL server may run before the client gives up on it. */
export const DATABASE_QUERY_TIMEOUT_MS = 60_000;
/** Connections of an instance's pool to the PostgreSQL server. */
export const DATABASE_POOL_MAX = 10;
/** Retry-After (seconds) of a 503 `database_unavailable` answer while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** A job worker that hit a database error waits this long, doubling on each further error, up to the max. */
export const JOB_ERROR_BACKOFF_MS = 1000;
export const JOB_ERROR_BACKOFF_MAX_MS = 30_000;
/**
 * Backups (issue 23 "Backup and restore"): the archive's format version (manifest.json `format`), how
 * many database snapshots a backup takes before it gives up when files keep vanishing under it (a file
 * deleted after its row was read), and the rows read per round trip of the logical dump and per insert of
 * its restore.
 */
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_SNAPSHOT_ATTEMPTS = 3;
export const BACKUP_ROWS_PER_FETCH = 1000;
/** Exit codes of `npm run restore`: the target already holds data; the archive is damaged or foreign. */
export const RESTORE_EXIT_NOT_EMPTY = 2;
export const RESTORE_EXIT_BAD_ARCHIVE = 3;
/**
 * Search engines and link previews (issue 22): the most URLs one sitemap file lists (sitemaps.org; more
 * are paged into a sitemap index), how long a built sitemap is served before it is built again, in
 * milliseconds, and the longest meta description, in characters (search results show about 160).
 */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_CACHE_MS = 300_000;
export const META_DESCRIPTION_MAX = 200;

/** Uncovered statements listed with each work role of the coverage matrix, most specific first (issue 25). */
export const COVERAGE_GAPS_PREVIEW = 5;
/** How long a computed coverage matrix may serve at most, in milliseconds (work roles change only by import). */
export const COVERAGE_CACHE_MS = 60_000;
/** A page of a work role's gaps (GET /coverage/work-roles/{id}/gaps): the default and largest size. */
export const COVERAGE_GAPS_PAGE_SIZE = 25;
export const COVERAGE_GAPS_PAGE_MAX = 100;

/**
 * Suggested alignments for curators (issue 25). At most ALIGNMENT_SUGGESTIONS_MAX suggestions, no more
 * than ALIGNMENT_SUGGESTIONS_PER_TYPE_MAX of one knowledge type (so TKS, of which there are 2,000, do not
 * crowd out KUs and CyBOK areas); each names up to ALIGNMENT_MATCHED_WORDS_MAX words that matched.
 * The neighbour vote reads the ALIGNMENT_NEIGHBOURS aligned items most similar to the item, found by a
 * full-text query of its ALIGNMENT_KEY_TERMS most telling words; a word's document frequency is counted
 * up to ALIGNMENT_DOCUMENT_FREQUENCY_CAP items (any more and it is common anyway).
 * A suggestion's score is ALIGNMENT_TEXT_WEIGHT × its text similarity (relative to the best statement
 * of the item) + (1 − ALIGNMENT_TEXT_WEIGHT) × the neighbours' vote; below ALIGNMENT_SCORE_MIN it is not
 * offered. Fixed by reasoning, not tuned on the benchmark's held-out lab sheets.
 */
export const ALIGNMENT_SUGGESTIONS_MAX = 10;
export const ALIGNMENT_SUGGESTIONS_PER_TYPE_MAX = 4;
export const ALIGNMENT_MATCHED_WORDS_MAX = 6;
export const ALIGNMENT_NEIGHBOURS = 8;
export const ALIGNMENT_KEY_TERMS = 16;
/** Of the item's words that some statement has, how many (most frequent first) the text signal weighs. */
export const ALIGNMENT_SHARED_TERMS = 200;
export const ALIGNMENT_DOCUMENT_FREQUENCY_CAP = 1000;
export const ALIGNMENT_TEXT_WEIGHT = 0.5;
export const ALIGNMENT_SCORE_MIN = 0.1;

/** The longest knowledge id (`tks-T0084`, `cybok-WAM`…) and NICE work role id the API takes (patterns.ts). */
export const KNOWLEDGE_ID_MAX = 64;
export const WORK_ROLE_ID_MAX = 32;
