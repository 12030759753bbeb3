/**
 * How long tests wait for work the server does in the background (outbox worker, job runner) and how
 * often they look, in milliseconds: options for `vi.waitUntil`.
 */
export const BACKGROUND_WAIT = { timeout: 10_000, interval: 20 } as const;
