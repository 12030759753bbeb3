/**
 * True for PostgreSQL's unique-violation error (SQLSTATE 23505), however the driver wraps it (PGlite and
 * pg differ). Services turn it into a 409 conflict.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
