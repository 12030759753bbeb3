/**
 * Courseware contract (000 §3, §5, §7), one import path for the area: content as read
 * (courseware-content.ts), search (courseware-search.ts) and writes (courseware-edit.ts).
 */
export * from './courseware-content.js';
export * from './courseware-search.js';
export * from './courseware-edit.js';
