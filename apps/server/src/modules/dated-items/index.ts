/**
 * What news and events use of dated items besides `dated-items.service.ts`: the write routes both
 * register the same way (001 §4 news and events editing).
 */
export { registerDatedItemWrites, type DatedItemWrites } from './dated-items.routes.js';
