/** Outgoing e-mail as admins see it (DESIGN.md: the outbox is "shown to admins in the portal"). */
import { z } from 'zod';
import { EMAIL_MAX } from '../limits.js';
import { PageTokenSchema, pageOf } from './common.js';

/** pending (waiting or retrying), sent, failed (gave up), logged (no SMTP_URL: written to the log only). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Attachments without their bytes. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** GET /api/v1/admin/outbox: newest first; `to` filters by recipient (exact, any case). */
export const OutboxQuerySchema = z.object({
  to: z.string().trim().max(EMAIL_MAX).optional(),
  status: z.enum(OUTBOX_STATUSES).optional(),
  pageToken: PageTokenSchema.optional(),
});
export const OutboxResponseSchema = pageOf(OutboxMessageSchema);
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
