/**
 * Knowledge items (TKS, KSA, KU, CyBOK codes) and the NICE work roles (issue 25): the NICE Framework
 * v2.1.0's categories, work roles and each role's task, knowledge and skill statements (knowledge items
 * of type TKS), imported as the data has them; and the curators' decisions on suggested alignments.
 */
import { index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// The alignment decisions name content items, and content names knowledge items: foreign keys both ways,
// resolved lazily by Drizzle, so this ring of imports runs no code at load.
// eslint-disable-next-line import-x/no-cycle
import { content } from './courseware.js';

export const knowledgeItem = pgTable(
  'knowledge_item',
  {
    /** Type prefix and source code: tks-T0084, ksa-K0001, ku-BCY, cybok-WAM. */
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
  },
  (t) => [index('knowledge_item_type_idx').on(t.type, t.id)],
);

export const workRoleCategory = pgTable('work_role_category', {
  /** The category's code: DD, PD, OG, IO, IN. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

export const workRole = pgTable(
  'work_role',
  {
    /** The role's code, e.g. PD-WRL-007. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id')
      .notNull()
      .references(() => workRoleCategory.id, { onDelete: 'cascade' }),
  },
  (t) => [index('work_role_category_idx').on(t.categoryId, t.id)],
);

/** Work role → TKS statement edges (the CPRT export's `projection` relationships). */
export const workRoleStatement = pgTable(
  'work_role_statement',
  {
    workRoleId: text('work_role_id')
      .notNull()
      .references(() => workRole.id, { onDelete: 'cascade' }),
    knowledgeId: text('knowledge_id')
      .notNull()
      .references(() => knowledgeItem.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.workRoleId, t.knowledgeId] }),
    index('work_role_statement_knowledge_idx').on(t.knowledgeId),
  ],
);

/**
 * A curator's accept or reject of a suggested alignment (issue 25), one per item and statement (a later
 * choice replaces an earlier one): a rejected statement is not suggested for the item again, and the
 * decisions measure the suggestions (the bench's acceptance figures).
 */
export const alignmentDecision = pgTable(
  'alignment_decision',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    knowledgeId: text('knowledge_id')
      .notNull()
      .references(() => knowledgeItem.id, { onDelete: 'cascade' }),
    /** ALIGNMENT_DECISIONS: accepted or rejected. */
    decision: text('decision').notNull(),
    /** The suggestion's score (0–1) and place in the list (1 = first) when the curator chose. */
    score: real('score').notNull(),
    rank: integer('rank').notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.knowledgeId] })],
);
