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

/**
 * The media type a courseware file is stored with, by its extension (issue 38: files of an imported
 * package carry no type of their own). Types `file-type` can recognise are checked against the bytes
 * (upload-guard `sniffType`); an extension not listed is stored as `application/octet-stream`.
 */
export const MEDIA_TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  md: 'text/markdown',
  markdown: 'text/markdown',
  adoc: 'text/asciidoc',
  tex: 'application/x-tex',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'application/javascript',
  json: 'application/json',
  xml: 'application/xml',
  yml: 'application/yaml',
  yaml: 'application/yaml',
  py: 'text/x-python',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  java: 'text/x-java',
  sh: 'application/x-sh',
  sql: 'application/sql',
  ipynb: 'application/x-ipynb+json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  pcap: 'application/vnd.tcpdump.pcap',
  pcapng: 'application/vnd.tcpdump.pcap',
};
