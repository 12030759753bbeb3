/**
 * Limits and constants, taken as written in 000 §5, §9 and 001 §5, §9.
 * Both server and web import them from here; features hold no magic numbers. Each area keeps its own
 * beside its schemas (`schemas/<area>-limits.ts`); the server's operation keeps `operations-limits.ts`.
 */
export * from './schemas/courseware-limits.js';
export * from './schemas/knowledge-limits.js';
export * from './schemas/site-limits.js';
export * from './schemas/identity-limits.js';
export * from './schemas/organizations-limits.js';
export * from './schemas/statistics-limits.js';
export * from './schemas/forms-limits.js';
export * from './schemas/news-limits.js';
export * from './schemas/pages-limits.js';
export * from './schemas/follows-limits.js';
export * from './schemas/imports-limits.js';
export * from './schemas/caching-limits.js';
export * from './schemas/preview-limits.js';
export * from './operations-limits.js';
