/**
 * The media types of the files the server sends (issue 34): the downloads that fetch them check the answer
 * against them, and the pages' feed links announce them. Apart from server-paths.ts, whose rule every
 * page loads first, while these load with the pages that download.
 */
export const FILE_TYPES = {
  csv: 'text/csv',
  calendar: 'text/calendar',
  atom: 'application/atom+xml',
  rss: 'application/rss+xml',
} as const;
