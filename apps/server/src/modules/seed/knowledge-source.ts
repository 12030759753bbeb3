/**
 * Knowledge items (000 §3) from the data folder (MANIFEST.md):
 * - TKS: the NICE Framework v2.1.0 tasks, knowledge and skills (NIST CPRT export);
 * - KSA: the 2017 NICE (SP 800-181) knowledge, skills and abilities;
 * - KU: the CAE-CD 2020 foundational and core knowledge units;
 * - CYBOK: the 21 knowledge areas of CyBOK 1.1 (named in @portal/shared/alignment);
 * and the NICE v2.1.0 work roles, their categories and their TKS (issue 25).
 * Ids are the type prefix and the source code: tks-T0084, ksa-K0001, ku-BCY, cybok-WAM.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { CYBOK_KNOWLEDGE_AREAS } from '@portal/shared/cybok';
import type { KnowledgeType } from '@portal/shared/enums';

export interface KnowledgeRow {
  id: string;
  code: string;
  name: string;
  type: KnowledgeType;
}

export const NICE_V2_FILE = 'nice/v2.1.0/cprt_SP_800_181_2_1_0.json';
/** Element types of the CPRT export that are TKS statements (the rest are roles, sorts, areas). */
export const TKS_ELEMENT_TYPES = ['task', 'knowledge', 'skill'] as const;
/** The 2017 statements: file, code key and text key (as spelled in the YAML). */
export const KSA_FILES = [
  { file: 'nice/legacy-sp800-181-2017/nice_knowledge.yml', codeKey: 'kId', textKey: 'knowledgeDescription' },
  { file: 'nice/legacy-sp800-181-2017/nice_skills.yml', codeKey: 'sId', textKey: 'skillDescription' },
  { file: 'nice/legacy-sp800-181-2017/nice_abilities.yml', codeKey: 'aId', textKey: 'abilityDescription' },
] as const;
export const KU_FILE = 'cae/cae-cd-2020-core-kus.csv';

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

interface CprtElement {
  element_type?: unknown;
  element_identifier?: unknown;
  title?: unknown;
  text?: unknown;
}

interface CprtRelationship {
  source_element_identifier?: unknown;
  dest_element_identifier?: unknown;
  relationship_identifier?: unknown;
}

/**
 * The CPRT export's elements and relationships.
 * @throws Error when the file is not the CPRT export shape (response.elements.elements)
 */
async function readCprt(
  dataDir: string,
): Promise<{ elements: CprtElement[]; relationships: CprtRelationship[] }> {
  const json = JSON.parse(await fs.readFile(path.join(dataDir, NICE_V2_FILE), 'utf8')) as {
    response?: { elements?: { elements?: CprtElement[]; relationships?: CprtRelationship[] } };
  };
  const elements = json.response?.elements?.elements;
  if (!Array.isArray(elements)) throw new Error(`${NICE_V2_FILE}: no response.elements.elements`);
  const relationships = json.response?.elements?.relationships;
  return { elements, relationships: Array.isArray(relationships) ? relationships : [] };
}

/**
 * TKS statements of the NICE Framework v2.1.0.
 * @throws Error when the file is not the CPRT export shape (response.elements.elements)
 */
export async function readTks(dataDir: string): Promise<KnowledgeRow[]> {
  const { elements } = await readCprt(dataDir);
  const types: readonly string[] = TKS_ELEMENT_TYPES;
  return elements
    .filter((e) => typeof e.element_type === 'string' && types.includes(e.element_type))
    .map((e) => {
      const code = String(e.element_identifier ?? '').trim();
      return { id: `tks-${code}`, code, name: clean(String(e.text ?? '')), type: 'TKS' as const };
    })
    .filter((row) => row.code && row.name);
}

/**
 * KSA statements of NICE SP 800-181 (2017), knowledge, then skills, then abilities.
 * @throws Error when a file is not a YAML list
 */
export async function readKsa(dataDir: string): Promise<KnowledgeRow[]> {
  const rows: KnowledgeRow[] = [];
  for (const { file, codeKey, textKey } of KSA_FILES) {
    const list: unknown = YAML.parse(await fs.readFile(path.join(dataDir, file), 'utf8'));
    if (!Array.isArray(list)) throw new Error(`${file}: not a YAML list`);
    for (const entry of list as Record<string, unknown>[]) {
      const code = String(entry?.[codeKey] ?? '').trim();
      const name = clean(String(entry?.[textKey] ?? ''));
      if (code && name) rows.push({ id: `ksa-${code}`, code, name, type: 'KSA' });
    }
  }
  return rows;
}

/** Splits CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * CAE-CD knowledge units (code,name,group).
 * @throws Error when the header has no code or name column
 */
export async function readKu(dataDir: string): Promise<KnowledgeRow[]> {
  const [header, ...rows] = parseCsv(await fs.readFile(path.join(dataDir, KU_FILE), 'utf8'));
  const codeAt = header?.indexOf('code') ?? -1;
  const nameAt = header?.indexOf('name') ?? -1;
  if (codeAt < 0 || nameAt < 0) throw new Error(`${KU_FILE}: expected columns code and name`);
  return rows
    .map((r) => ({ code: (r[codeAt] ?? '').trim(), name: clean(r[nameAt] ?? '') }))
    .filter((r) => r.code && r.name)
    .map((r) => ({ id: `ku-${r.code}`, code: r.code, name: r.name, type: 'KU' as const }));
}

/** The id of a CyBOK knowledge area's knowledge item: `cybok-WAM`. */
export const cybokId = (code: string) => `cybok-${code}`;

/** The 21 CyBOK 1.1 knowledge areas as knowledge items (CYBOK_KNOWLEDGE_AREAS' order). */
export function cybokKnowledgeAreas(): KnowledgeRow[] {
  return CYBOK_KNOWLEDGE_AREAS.map(({ code, name }) => ({ id: cybokId(code), code, name, type: 'CYBOK' }));
}

/** Every knowledge item of the data folder, TKS then KSA then KU then the CyBOK knowledge areas. */
export async function readKnowledge(dataDir: string): Promise<KnowledgeRow[]> {
  const [tks, ksa, ku] = await Promise.all([readTks(dataDir), readKsa(dataDir), readKu(dataDir)]);
  return [...tks, ...ksa, ...ku, ...cybokKnowledgeAreas()];
}

/** A NICE work role category (DD, PD, OG, IO, IN). */
export interface WorkRoleCategoryRow {
  id: string;
  name: string;
  description: string;
}

/** A NICE work role (PD-WRL-007) and its category. */
export interface WorkRoleRow {
  id: string;
  name: string;
  description: string;
  categoryId: string;
}

/** The NICE work roles with their categories and their work role → TKS edges. */
export interface WorkRoles {
  categories: WorkRoleCategoryRow[];
  roles: WorkRoleRow[];
  statements: { workRoleId: string; knowledgeId: string }[];
}

/** "DESIGN and DEVELOPMENT" → "Design and Development" (the export spells category titles in capitals). */
export function categoryTitle(title: string): string {
  return clean(title)
    .split(' ')
    .map((w) => (w.toLowerCase() === 'and' ? 'and' : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}

/**
 * The work roles of the NICE Framework v2.1.0, their categories (the category → work role edges) and
 * their TKS (the work role → task, knowledge and skill edges), kept as the data has them: a statement
 * of no role has no edge, one of every role (K0675–K0679) has 41.
 * @throws Error when the file is not the CPRT export shape, or a role has no category
 */
export async function readWorkRoles(dataDir: string): Promise<WorkRoles> {
  const { elements, relationships } = await readCprt(dataDir);
  const typeOf = new Map(elements.map((e) => [String(e.element_identifier ?? '').trim(), e.element_type]));
  const categories = elements
    .filter((e) => e.element_type === 'category')
    .map((e) => ({
      id: String(e.element_identifier ?? '').trim(),
      name: categoryTitle(String(e.title ?? '')),
      description: clean(String(e.text ?? '')),
    }));
  const categoryOf = new Map<string, string>();
  const statements: WorkRoles['statements'] = [];
  const types: readonly unknown[] = TKS_ELEMENT_TYPES;
  for (const r of relationships) {
    const source = String(r.source_element_identifier ?? '').trim();
    const dest = String(r.dest_element_identifier ?? '').trim();
    const from = typeOf.get(source);
    const to = typeOf.get(dest);
    if (from === 'category' && to === 'work_role') categoryOf.set(dest, source);
    else if (from === 'work_role' && types.includes(to))
      statements.push({ workRoleId: source, knowledgeId: `tks-${dest}` });
  }
  const roles = elements
    .filter((e) => e.element_type === 'work_role')
    .map((e) => {
      const id = String(e.element_identifier ?? '').trim();
      const categoryId = categoryOf.get(id);
      if (!categoryId) throw new Error(`${NICE_V2_FILE}: work role ${id} has no category`);
      return { id, name: clean(String(e.title ?? '')), description: clean(String(e.text ?? '')), categoryId };
    });
  return { categories, roles, statements };
}
