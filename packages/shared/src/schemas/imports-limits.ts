/**
 * Limits of importing courseware by the course (issue 38): how large a package may be, how many entries,
 * items and files it may hold, how deep its tree may go, and the states an import passes through.
 */
import { FILE_MAX_BYTES } from './site-limits.js';

/** Largest uploaded package (a zip or cartridge, or the files of a folder together), in bytes: 2 GiB. */
export const IMPORT_PACKAGE_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Largest file inside a package: that of any courseware file (001 §9 Files). */
export const IMPORT_FILE_MAX_BYTES = FILE_MAX_BYTES;
/** Entries (files and folders) a package may hold. */
export const IMPORT_ENTRIES_MAX = 20_000;
/** Content items one package may create or update. */
export const IMPORT_ITEMS_MAX = 5_000;
/** Deepest folder of a package (course = depth 0). */
export const IMPORT_DEPTH_MAX = 8;
/** Largest uncompressed size of a package's entries together, in bytes: 4 GiB. */
export const IMPORT_UNPACKED_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/**
 * Largest ratio of an entry's uncompressed to compressed size, beyond the first megabyte: a zip bomb's is
 * in the thousands; real documents, even plain text, stay under 100.
 */
export const IMPORT_COMPRESSION_RATIO_MAX = 200;
/** Bytes an entry may expand to before its ratio is judged (small files compress very well). */
export const IMPORT_RATIO_FREE_BYTES = 1024 * 1024;
/** Largest manifest (imsmanifest.xml) or front-matter file read into memory, in bytes. */
export const IMPORT_MANIFEST_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Schema messages a cartridge's one validation issue quotes (issue 38: imsmanifest.xml against IMS's
 * XSDs); the rest are counted.
 */
export const IMPORT_SCHEMA_MESSAGES_MAX = 5;
/**
 * Largest HTML page of a cartridge read for the links to its files (`$IMS-CC-FILEBASE$/…` and relative
 * links, which bring a Canvas wiki page's images and attachments), in bytes: 2 MiB. A larger page is
 * imported without its links followed.
 */
export const IMPORT_PAGE_SCAN_MAX_BYTES = 2 * 1024 * 1024;
/** Longest entry path inside a package, in characters. */
export const IMPORT_PATH_MAX = 1024;
/** Bytes read from a package at a time while it is unpacked (yauzl's own reader reads 16 KiB). */
export const IMPORT_READ_CHUNK_BYTES = 1024 * 1024;
/** Longest package identifier (a cartridge manifest's `identifier`, a course's front matter `id`). */
export const IMPORT_PACKAGE_ID_MAX = 256;
/**
 * Runs of an import job: a worker that stops (a restart, a lost lease) leaves the import to the next
 * run, which starts again from the package; a failure in the import itself is not retried.
 */
export const IMPORT_JOB_MAX_ATTEMPTS = 3;
/** Problems listed in a preview; beyond it the rest are counted. */
export const IMPORT_ISSUES_MAX = 500;
/** Imports on one page of the list. */
export const IMPORTS_PAGE_SIZE = 20;
/** How often the import page asks for the progress of a running import (milliseconds). */
export const IMPORT_POLL_INTERVAL_MS = 1000;
/** How long a preview that was never started is kept before its staged package is removed (ms): a day. */
export const IMPORT_PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

/** How often a job worker removes the packages of previews older than IMPORT_PREVIEW_TTL_MS (ms). */
export const IMPORT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The kinds of package the importer reads (issue 38). */
export const IMPORT_FORMATS = ['zip', 'folder', 'cartridge'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * States of an import: `previewed` (checked, nothing written, waiting for the curator), `queued`,
 * `running`, then `done`, `failed` (rolled back) or `cancelled`; `discarded` when the curator dropped
 * the preview.
 */
export const IMPORT_STATUSES = [
  'previewed',
  'queued',
  'running',
  'done',
  'failed',
  'cancelled',
  'discarded',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** States in which an import is still to finish: one such import per target at a time. */
export const IMPORT_ACTIVE_STATUSES = ['queued', 'running'] as const satisfies readonly ImportStatus[];

/** What importing would do to an item or a file, compared with what an earlier import left. */
export const IMPORT_CHANGES = ['new', 'changed', 'unchanged'] as const;
export type ImportChange = (typeof IMPORT_CHANGES)[number];

/** How grave a problem of a package is: errors block the import, warnings can be accepted. */
export const IMPORT_ISSUE_SEVERITIES = ['error', 'warning'] as const;
export type ImportIssueSeverity = (typeof IMPORT_ISSUE_SEVERITIES)[number];
