/** What the seed uses of pages besides `pages.service.ts`: the demo pages of the embedded default (DESIGN "Demo data"). */
export { seedDemoPages, type DemoFileUpload, type DemoPageFiles } from './demo-pages.js';
