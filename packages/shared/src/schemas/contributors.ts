/** Contributors of courseware (000 §3 Contributor, §5). */
import { z } from 'zod';
import { CONTRIBUTOR_FIELD_MAX, CONTRIBUTOR_LIST_LIMIT } from '../limits.js';
import { PageTokenSchema, UuidSchema } from './common.js';

const field = z.string().trim().max(CONTRIBUTOR_FIELD_MAX);

export const ContributorSchema = z.object({
  id: UuidSchema,
  prefix: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  title: z.string().nullable(),
  school: z.string().nullable(),
  /** Shown only to users who may update content. */
  email: z.string().nullable(),
  portraitFileId: UuidSchema.nullable(),
});
export type Contributor = z.infer<typeof ContributorSchema>;

/** Create or update payload (000 §5: firstName, lastName, school and email required; each at most 1000). */
export const ContributorInputSchema = z.object({
  prefix: field.optional(),
  firstName: field.min(1, 'First name is required.'),
  middleName: field.optional(),
  lastName: field.min(1, 'Last name is required.'),
  suffix: field.optional(),
  title: field.optional(),
  school: field.min(1, 'School is required.'),
  email: z.email('Enter a valid e-mail address.').max(CONTRIBUTOR_FIELD_MAX),
  portraitFileId: UuidSchema.nullable().optional(),
});
export type ContributorInput = z.infer<typeof ContributorInputSchema>;

export const ListContributorsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONTRIBUTOR_LIST_LIMIT).default(CONTRIBUTOR_LIST_LIMIT),
  nextPageToken: PageTokenSchema.optional(),
});
export type ListContributorsQuery = z.infer<typeof ListContributorsQuerySchema>;

export const ContributorPageSchema = z.object({
  contributors: z.array(ContributorSchema),
  nextPageToken: z.string().nullable(),
});
export type ContributorPage = z.infer<typeof ContributorPageSchema>;
