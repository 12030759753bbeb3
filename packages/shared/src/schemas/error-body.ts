/** The schema of the API's one error body (errors.ts, DESIGN.md "API"). */
import { z } from 'zod';

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  /** The request's id (issue 23), for a person to quote to support; absent only on answers built before a request exists. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
