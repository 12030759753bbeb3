/**
 * The source and licence of each kind of knowledge item and of the NICE work roles (issue 25), shown
 * wherever their text is shown (MANIFEST.md). The CyBOK knowledge areas themselves are in cybok.ts.
 */
import type { KnowledgeType } from './enums.js';

/** Where a kind of alignment statement comes from and under which licence it is shown. */
export interface AlignmentSource {
  name: string;
  url: string;
  licence: string;
}

/** NIST's NICE Framework Components v2.1.0 (CPRT export): the TKS statements and the work roles. */
export const NICE_V2_SOURCE: AlignmentSource = {
  name: 'NICE Framework Components v2.1.0 (NIST SP 800-181 Rev. 1)',
  url: 'https://csrc.nist.gov/projects/cprt/catalog#/cprt/framework/version/SP_800_181_2_1_0/home',
  licence: 'Public domain (U.S. Government work)',
};

/** The source and licence of each knowledge type (MANIFEST.md), shown under its list on an item page. */
export const KNOWLEDGE_SOURCES: Record<KnowledgeType, AlignmentSource> = {
  TKS: NICE_V2_SOURCE,
  KSA: {
    name: 'NICE Cybersecurity Workforce Framework (NIST SP 800-181, 2017)',
    url: 'https://doi.org/10.6028/NIST.SP.800-181',
    licence: 'Public domain (U.S. Government work)',
  },
  KU: {
    name: 'CAE-CD Knowledge Units (2020)',
    url: 'https://www.caecommunity.org/',
    licence: 'Names and codes as published by the CAE-CD program',
  },
  CYBOK: {
    name: 'The Cyber Security Body of Knowledge (CyBOK) 1.1',
    url: 'https://www.cybok.org/',
    licence: 'Knowledge area names of CyBOK 1.1 (© Crown Copyright, The National Cyber Security Centre, OGL)',
  },
};

/**
 * The openings every statement of a kind shares ("Knowledge of …", "Skill in …", "Skill to …", "Ability
 * to …"), lower case: they say nothing about the statement's subject, so matching and searching leave
 * them out (the alignment suggestions, the gap search of /coverage).
 */
export const STATEMENT_LEAD_INS = ['knowledge of', 'skill in', 'skill to', 'ability to'] as const;

/** A statement's text without its lead-in (STATEMENT_LEAD_INS, any case) and the spaces around it. */
export function withoutStatementLeadIn(name: string): string {
  const text = name.trimStart();
  const lower = text.toLowerCase();
  const leadIn = STATEMENT_LEAD_INS.find((opening) => lower.startsWith(`${opening} `));
  return leadIn ? text.slice(leadIn.length).trimStart() : text;
}
