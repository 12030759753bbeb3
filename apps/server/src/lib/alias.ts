/** URL aliases (000 §5): the lower-cased hyphenated name; a child's is the parent's alias, '/', its own. */

/** "Web Security: Cross-Site Scripting" → "web-security-cross-site-scripting". */
export function hyphenate(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The alias of a child of `parentAlias` named `name`. */
export function childAlias(parentAlias: string, name: string): string {
  return `${parentAlias}/${hyphenate(name)}`;
}
