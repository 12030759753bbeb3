/** The CyBOK 1.1 knowledge areas (issue 25): the import's list and the suggestions' candidates. */

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
