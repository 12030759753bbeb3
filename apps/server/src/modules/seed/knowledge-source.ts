/**
 * Knowledge items (000 §3) from the data folder (MANIFEST.md):
 * - TKS: the NICE Framework v2.1.0 tasks, knowledge and skills (NIST CPRT export);
 * - KSA: the 2017 NICE (SP 800-181) knowledge, skills and abilities;
 * - KU: the CAE-CD 2020 foundational and core knowledge units.
 * Ids are the type prefix and the source code: tks-T0084, ksa-K0001, ku-BCY.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
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
  text?: unknown;
}

/**
 * TKS statements of the NICE Framework v2.1.0.
 * @throws Error when the file is not the CPRT export shape (response.elements.elements)
 */
export async function readTks(dataDir: string): Promise<KnowledgeRow[]> {
  const json = JSON.parse(await fs.readFile(path.join(dataDir, NICE_V2_FILE), 'utf8')) as {
    response?: { elements?: { elements?: CprtElement[] } };
  };
  const elements = json.response?.elements?.elements;
  if (!Array.isArray(elements)) throw new Error(`${NICE_V2_FILE}: no response.elements.elements`);
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

/** Every knowledge item of the data folder, TKS then KSA then KU. */
export async function readKnowledge(dataDir: string): Promise<KnowledgeRow[]> {
  const [tks, ksa, ku] = await Promise.all([readTks(dataDir), readKsa(dataDir), readKu(dataDir)]);
  return [...tks, ...ksa, ...ku];
}
