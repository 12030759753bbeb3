/** What the seed uses of statistics besides `statistics.service.ts`: the demo downloads (DESIGN "Demo data"). */
export { seedDemoDownloads } from './demo-downloads.js';
