/** NICE work roles (issue 25): the list the work-role filter and the coverage matrix read. */
import { z } from 'zod';
import { WorkRoleIdSchema } from './knowledge.js';

/** A NICE work role (NICE Framework v2.1.0) with its category and the number of its TKS statements. */
export const WorkRoleSchema = z.object({
  id: WorkRoleIdSchema,
  /** The role's title ("Vulnerability Analysis"). */
  name: z.string(),
  description: z.string(),
  /** The category's code (PD) and title ("Protection and Defense"). */
  categoryId: z.string(),
  categoryName: z.string(),
  /** Task, knowledge and skill statements of the role. */
  statementCount: z.number().int(),
});
export type WorkRole = z.infer<typeof WorkRoleSchema>;

/** GET /work-roles: every work role (41), by category then id; small enough for one answer. */
export const WorkRoleListSchema = z.object({ items: z.array(WorkRoleSchema) });
export type WorkRoleList = z.infer<typeof WorkRoleListSchema>;
