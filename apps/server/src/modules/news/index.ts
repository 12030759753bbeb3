/** What the seed uses of news besides `news.service.ts`: the demo news and events (DESIGN "Demo data"). */
export { seedDemoNewsAndEvents } from './demo-news.js';
