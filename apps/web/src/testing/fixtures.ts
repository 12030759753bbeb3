/**
 * Realistic payloads for web tests. Every builder parses its result with the shared schema, so a
 * fixture that drifts from the contract fails loudly instead of testing a shape the server never sends.
 */
import { derivePermissions, ROLE_CLAIMS } from '@portal/shared/permissions';
import type { Role } from '@portal/shared/enums';
import { ContributorSchema, type Contributor } from '@portal/shared/schemas/contributors';
import {
  ContentSchema,
  ContentSummarySchema,
  SearchContentResponseSchema,
  type Content,
  type ContentSummary,
  type SearchContentResponse,
} from '@portal/shared/schemas/courseware';
import { KnowledgeItemSchema, type KnowledgeItem } from '@portal/shared/schemas/knowledge';
import { SessionResponseSchema, type SessionResponse } from '@portal/shared/schemas/identity';
import { EnvJsonSchema, FEATURE_FLAG_DEFAULTS, type EnvJson } from '@portal/shared/schemas/site';

let counter = 0;
/** A fresh uuid-shaped id (v4 layout) for fixtures. */
export function uuid(): string {
  counter += 1;
  const hex = counter.toString(16).padStart(12, '0');
  return `5f0c8a2e-1b3d-4c5e-8f70-${hex}`;
}

export function makeEnv(overrides: Partial<EnvJson> = {}): EnvJson {
  return EnvJsonSchema.parse({
    brand: 'national',
    publicBaseUrl: 'http://localhost:3000',
    rangeUiUrl: 'https://range.example.edu',
    coursewareIndexUrl: null,
    callForCoursewareUrl: null,
    features: { ...FEATURE_FLAG_DEFAULTS },
    ...overrides,
  });
}

export const KNOWLEDGE: KnowledgeItem[] = [
  { id: 'tks-T0084', code: 'T0084', name: 'Employ secure configuration management processes.', type: 'TKS' },
  {
    id: 'tks-T0028',
    code: 'T0028',
    name: 'Conduct and/or support authorized penetration testing on enterprise network assets.',
    type: 'TKS',
  },
  {
    id: 'ksa-K0001',
    code: 'K0001',
    name: 'Knowledge of computer networking concepts and protocols, and network security methodologies.',
    type: 'KSA',
  },
  { id: 'ksa-K0004', code: 'K0004', name: 'Knowledge of cybersecurity and privacy principles.', type: 'KSA' },
  {
    id: 'ksa-S0001',
    code: 'S0001',
    name: 'Skill in conducting vulnerability scans and recognizing vulnerabilities in security systems.',
    type: 'KSA',
  },
  { id: 'ku-BCY', code: 'BCY', name: 'Basic Cyber Operations', type: 'KU' },
  { id: 'ku-NSC', code: 'NSC', name: 'Network Security Administration', type: 'KU' },
].map((item) => KnowledgeItemSchema.parse(item));

export function makeContributor(overrides: Partial<Contributor> = {}): Contributor {
  return ContributorSchema.parse({
    id: uuid(),
    prefix: 'Dr.',
    firstName: 'Wenliang',
    middleName: null,
    lastName: 'Du',
    suffix: null,
    title: 'Professor',
    school: 'Syracuse University',
    email: null,
    portraitFileId: null,
    ...overrides,
  });
}

export function makeSummary(overrides: Partial<ContentSummary> = {}): ContentSummary {
  return ContentSummarySchema.parse({
    id: uuid(),
    name: 'Buffer Overflow Attack Lab (Set-UID Version)',
    urlAlias: 'seed-labs/buffer-overflow-attack-lab-set-uid-version',
    status: 'published',
    categories: ['exercise'],
    category: 'exercise',
    tags: ['lab'],
    educationLevels: ['universityundergraduate'],
    experienceLevels: ['intermediate'],
    summary:
      'The learning objective of this lab is for students to gain first-hand experience on buffer-overflow vulnerability by putting what they have learned in class into action.',
    courseName: 'SEED Labs: Software Security',
    modifiedTimestamp: '2024-11-02T10:15:00.000Z',
    ...overrides,
  });
}

export function makeSearchResponse(overrides: Partial<SearchContentResponse> = {}): SearchContentResponse {
  const items = overrides.items ?? [makeSummary()];
  return SearchContentResponseSchema.parse({
    items,
    nextPageToken: null,
    total: items.length,
    isCapped: false,
    correctedQuery: null,
    facets: {
      contentCategories: { exercise: items.length },
      educationLevels: { universityundergraduate: items.length },
      experienceLevels: { intermediate: items.length },
      tags: { lab: items.length },
    },
    ...overrides,
  });
}

export function makeContent(overrides: Partial<Content> = {}): Content {
  return ContentSchema.parse({
    id: uuid(),
    name: 'Buffer Overflow Attack Lab (Set-UID Version)',
    description:
      '<p>The learning objective of this lab is for students to gain first-hand experience on <strong>buffer-overflow</strong> vulnerability.</p>',
    urlAlias: 'seed-labs/software-security/buffer-overflow-attack-lab-set-uid-version',
    status: 'published',
    tags: ['lab'],
    keywords: ['buffer overflow', 'shellcode'],
    categories: ['exercise'],
    category: 'exercise',
    educationLevels: ['universityundergraduate'],
    experienceLevels: ['intermediate'],
    parentId: null,
    ancestors: [],
    children: [],
    sections: [],
    files: [],
    ksas: [],
    kus: [],
    tkss: [],
    cybokAreas: [],
    contributors: [],
    includes: [],
    lastCuratedTimestamps: { courseware: '2024-10-01', environment: null },
    source: {
      name: 'SEED Labs',
      url: 'https://github.com/seed-labs/seed-labs',
      license: 'CC BY-NC-SA 4.0',
      licenseUrl: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
      author: 'Wenliang Du',
    },
    lessonCount: 0,
    createdTimestamp: '2024-09-01T08:00:00.000Z',
    modifiedTimestamp: '2024-10-01T08:00:00.000Z',
    version: 1,
    modifiedBy: null,
    ...overrides,
  });
}

/** The session answer for a demo role (claims and flags derived the way the server derives them). */
export function makeSession(role: Role): SessionResponse {
  const claims = ROLE_CLAIMS[role];
  return SessionResponseSchema.parse({
    identity: {
      subject: uuid(),
      displayName: `${role.charAt(0).toUpperCase()}${role.slice(1)} Demo`,
      email: `${role}@example.edu`,
      picture: null,
      provider: 'portal',
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    claims,
    permissions: derivePermissions(claims, true),
  });
}
