/**
 * What other modules use of files besides `files.service.ts`: the job that reads an imported file's text
 * for search (README "Search").
 */
export { enqueueDocumentText } from './document-text.service.js';
