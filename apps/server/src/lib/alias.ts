/** URL aliases (000 §5): the lower-cased hyphenated name; a child's is the parent's alias, '/', its own. */
export { childAlias, hyphenate } from '@portal/shared/schemas/courseware';
