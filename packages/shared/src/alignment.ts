/**
 * Alignment frameworks (issue 25): the CyBOK 1.1 knowledge areas, and the source and licence of each
 * kind of knowledge item and of the NICE work roles, shown wherever their text is shown (MANIFEST.md).
 */
import type { KnowledgeType } from './enums.js';

/** A CyBOK knowledge area: its code as the lab sheets' `cybok: - ka:` front matter spells it, and its name. */
export interface CybokKnowledgeArea {
  code: string;
  name: string;
}

/**
 * The 21 knowledge areas of CyBOK 1.1 (cybok.org, "CyBOK Version 1.1.0", 2021), in the book's order.
 * The codes are the ones the Hacktivity lab sheets use in their front matter (WAM, SS, MAT, …).
 */
export const CYBOK_KNOWLEDGE_AREAS: readonly CybokKnowledgeArea[] = [
  { code: 'RMG', name: 'Risk Management & Governance' },
  { code: 'LR', name: 'Law & Regulation' },
  { code: 'HF', name: 'Human Factors' },
  { code: 'POR', name: 'Privacy & Online Rights' },
  { code: 'MAT', name: 'Malware & Attack Technologies' },
  { code: 'AB', name: 'Adversarial Behaviours' },
  { code: 'SOIM', name: 'Security Operations & Incident Management' },
  { code: 'F', name: 'Forensics' },
  { code: 'C', name: 'Cryptography' },
  { code: 'OSV', name: 'Operating Systems & Virtualisation Security' },
  { code: 'DSS', name: 'Distributed Systems Security' },
  { code: 'FMS', name: 'Formal Methods for Security' },
  { code: 'AAA', name: 'Authentication, Authorisation & Accountability' },
  { code: 'SS', name: 'Software Security' },
  { code: 'WAM', name: 'Web & Mobile Security' },
  { code: 'SSL', name: 'Secure Software Lifecycle' },
  { code: 'NS', name: 'Network Security' },
  { code: 'HS', name: 'Hardware Security' },
  { code: 'CPS', name: 'Cyber-Physical Systems Security' },
  { code: 'PLT', name: 'Physical Layer & Telecommunications Security' },
  { code: 'AC', name: 'Applied Cryptography' },
];

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
