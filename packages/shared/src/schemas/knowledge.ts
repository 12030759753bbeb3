/**
 * Knowledge items: TKS (NICE Framework v2.1.0), KSA (SP 800-181 2017), KU (CAE-CD) (000 §3), CyBOK 1.1
 * knowledge areas, and the NICE work roles with their TKS (issue 25).
 */
import { z } from 'zod';
import { KNOWLEDGE_TYPES } from '../enums.js';
import { KNOWLEDGE_FETCH_SIZE, KNOWLEDGE_ID_MAX, WORK_ROLE_ID_MAX } from '../limits.js';
import { KNOWLEDGE_ID_PATTERN, WORK_ROLE_ID_PATTERN } from '../patterns.js';
import { PageTokenSchema, pageOf } from './common.js';

/** Knowledge id: type prefix and source code, e.g. `tks-T0084`, `ksa-K0001`, `ku-BCY`, `cybok-WAM`. */
export const KnowledgeIdSchema = z
  .string()
  .max(KNOWLEDGE_ID_MAX)
  .regex(KNOWLEDGE_ID_PATTERN, 'Not a knowledge id');

export const KnowledgeItemSchema = z.object({
  id: KnowledgeIdSchema,
  /** The source's own code (T0084, K0001, BCY, WAM). */
  code: z.string(),
  /** The statement or name. */
  name: z.string(),
  type: z.enum(KNOWLEDGE_TYPES),
});
export type KnowledgeItem = z.infer<typeof KnowledgeItemSchema>;

export const ListKnowledgeQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(KNOWLEDGE_FETCH_SIZE).default(KNOWLEDGE_FETCH_SIZE),
  type: z.enum(KNOWLEDGE_TYPES).optional(),
  nextPageToken: PageTokenSchema.optional(),
});
export type ListKnowledgeQuery = z.infer<typeof ListKnowledgeQuerySchema>;

export const KnowledgePageSchema = pageOf(KnowledgeItemSchema);
export type KnowledgePage = z.infer<typeof KnowledgePageSchema>;

/** A NICE work role id as the NICE Framework v2.1.0 spells it, e.g. `PD-WRL-007`. */
export const WorkRoleIdSchema = z
  .string()
  .max(WORK_ROLE_ID_MAX)
  .regex(WORK_ROLE_ID_PATTERN, 'Not a NICE work role id');
