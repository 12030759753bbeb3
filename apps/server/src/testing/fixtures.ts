/**
 * Test data made through the real tables: accounts of each demo role and a small courseware tree.
 * Content rows go through the same trigger as real data (search vector, facet bits).
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_CLAIMS } from '@portal/shared/permissions';
import type { Role } from '@portal/shared/enums';
import type { Db } from '../db/client.js';
import { contributor } from '../db/schema/contributors.js';
import { content, contentContributor, contentKnowledge } from '../db/schema/courseware.js';
import { file } from '../db/schema/files.js';
import { knowledgeItem, workRole, workRoleCategory, workRoleStatement } from '../db/schema/knowledge.js';
import { insertAccount, insertClaims } from '../modules/identity/accounts.repository.js';
import { hashPassword, newSecretToken } from '../modules/identity/identity.service.js';
import { s256Challenge } from '../modules/identity/identity-codes.service.js';
import { createTokenSigner } from '../modules/identity/tokens.js';
import { refreshSearchIndex } from '../modules/courseware/courseware.service.js';
import { newStorageKey, type FileStore } from '../lib/storage.js';
import { htmlToText } from '../lib/html.js';

export const PASSWORD = 'demo-password';

/**
 * Stores `bytes` in the file store and writes its file row, as an upload would: size and SHA-256 from
 * the store, a new storage key. `fields` gives the rest of the row (name, filename, type, owner, index).
 * @returns the new file's id, its SHA-256 (hex) and its storage key
 */
export async function storeFile(
  db: Db,
  fileStore: FileStore,
  bytes: Buffer,
  fields: Omit<typeof file.$inferInsert, 'size' | 'sha256' | 'storageKey'>,
): Promise<{ id: string; sha256: string; storageKey: string }> {
  const storageKey = newStorageKey();
  const stored = await fileStore.put(storageKey, Readable.from([bytes]));
  const [row] = await db
    .insert(file)
    .values({ ...fields, size: stored.size, sha256: stored.sha256, storageKey })
    .returning({ id: file.id });
  return { id: row!.id, sha256: stored.sha256, storageKey };
}

/**
 * A PKCE pair as the app makes one before it sends the browser to sign in (RFC 7636, S256): `form` is
 * what the sign-in page carries (query or hidden fields), `verifier` what the code exchange sends.
 */
export function newPkce() {
  const verifier = newSecretToken();
  const challenge = s256Challenge(verifier);
  return {
    verifier,
    challenge,
    form: { code_challenge: challenge, code_challenge_method: 'S256' },
  } as const;
}

/** One PKCE pair for tests that sign in and exchange the code in one go. */
export const TEST_PKCE = newPkce();

/** Creates one account per role; returns their ids by role. */
export async function createAccounts(db: Db): Promise<Record<Role, string>> {
  const passwordHash = await hashPassword(PASSWORD);
  const ids = {} as Record<Role, string>;
  for (const role of Object.keys(ROLE_CLAIMS) as Role[]) {
    const row = await insertAccount(db, {
      email: `${role}@test.example.edu`,
      displayName: `Test ${role}`,
      passwordHash,
      verified: true,
    });
    await insertClaims(db, row.id, ROLE_CLAIMS[role]);
    ids[role] = row.id;
  }
  return ids;
}

/** A bearer header for an account, signed by the app's own signer. */
export async function bearer(app: FastifyInstance, accountId: string): Promise<{ authorization: string }> {
  const { token } = await app.tokens.sign({
    subject: accountId,
    displayName: 'Test',
    email: 'test@example.edu',
    picture: null,
  });
  return { authorization: `Bearer ${token}` };
}

/**
 * An access token for an account, signed with `secret` straight on the database: for a server that a
 * test starts later as a process with the same JWT_SECRET.
 */
export async function signAccessToken(
  db: Db,
  secret: string | undefined,
  accountId: string,
): Promise<string> {
  const signer = await createTokenSigner(db, { secret });
  const { token } = await signer.sign({
    subject: accountId,
    displayName: 'Test',
    email: 'test@example.edu',
    picture: null,
  });
  return token;
}

export interface Tree {
  course: string;
  module: string;
  lab: string;
  hidden: string;
  unlisted: string;
  archived: string;
  fileId: string;
  fileBytes: Buffer;
  contributorId: string;
}

async function item(
  db: Db,
  values: Partial<typeof content.$inferInsert> & { name: string; urlAlias: string },
): Promise<string> {
  const description = values.description ?? `<p>${values.name} description.</p>`;
  const [row] = await db
    .insert(content)
    .values({ status: 'published', ...values, description, descriptionText: htmlToText(description) })
    .returning({ id: content.id });
  return row!.id;
}

/** course > module > {lab (published, with a file), hidden (unpublished), unlisted, archived}. */
export async function createTree(db: Db, fileStore: FileStore): Promise<Tree> {
  const course = await item(db, {
    name: 'Network Security Course',
    urlAlias: 'network-security-course',
    categories: ['course'],
  });
  await db.update(content).set({ rootId: course }).where(eq(content.id, course));
  const module = await item(db, {
    name: 'Packet Analysis',
    urlAlias: 'network-security-course/packet-analysis',
    categories: ['module'],
    parentId: course,
    rootId: course,
    index: 0,
  });
  const lab = await item(db, {
    name: 'Cross-Site Scripting Lab',
    urlAlias: 'network-security-course/packet-analysis/cross-site-scripting-lab',
    categories: ['exercise', 'lesson'],
    tags: ['lab'],
    keywords: ['xss', 'javascript injection'],
    educationLevels: ['universityundergraduate'],
    experienceLevels: ['intermediate'],
    parentId: module,
    rootId: course,
    index: 0,
    description: '<p>Reflected and stored <strong>XSS</strong> attacks against a web application.</p>',
    lastCuratedCourseware: new Date().toISOString().slice(0, 10),
    sourceName: 'Test source',
    sourceUrl: 'https://example.org/source',
    licenseName: 'CC BY-SA 4.0',
  });
  const hidden = await item(db, {
    name: 'Draft Firewall Lab',
    urlAlias: 'network-security-course/packet-analysis/draft-firewall-lab',
    status: 'unpublished',
    categories: ['exercise'],
    parentId: module,
    rootId: course,
    index: 1,
  });
  const unlisted = await item(db, {
    name: 'Unlisted Sniffing Lab',
    urlAlias: 'network-security-course/packet-analysis/unlisted-sniffing-lab',
    status: 'unlisted',
    categories: ['exercise'],
    parentId: module,
    rootId: course,
    index: 2,
  });
  const archived = await item(db, {
    name: 'Archived Telnet Lab',
    urlAlias: 'network-security-course/packet-analysis/archived-telnet-lab',
    status: 'archived',
    categories: ['exercise'],
    parentId: module,
    rootId: course,
    index: 3,
  });
  const fileBytes = Buffer.from('# XSS lab sheet\n\nReal bytes of the handout.\n');
  const f = await storeFile(db, fileStore, fileBytes, {
    name: 'XSS lab sheet',
    filename: 'xss-lab.md',
    mimeType: 'text/markdown',
    metadataType: 'content',
    metadataId: lab,
  });
  const [person] = await db
    .insert(contributor)
    .values({ firstName: 'Grace', lastName: 'Hopper', school: 'Test University', email: 'grace@example.edu' })
    .returning({ id: contributor.id });
  await db.insert(contentContributor).values({ contentId: lab, contributorId: person!.id });
  await db.insert(knowledgeItem).values([
    { id: 'tks-T0001', code: 'T0001', name: 'Analyze network traffic', type: 'TKS' },
    { id: 'ksa-K0001', code: 'K0001', name: 'Knowledge of computer networking', type: 'KSA' },
    { id: 'ku-BCY', code: 'BCY', name: 'Basic Cryptography', type: 'KU' },
    { id: 'cybok-WAM', code: 'WAM', name: 'Web & Mobile Security', type: 'CYBOK' },
    { id: 'cybok-SS', code: 'SS', name: 'Software Security', type: 'CYBOK' },
  ]);
  await db.insert(contentKnowledge).values([
    { contentId: lab, knowledgeId: 'tks-T0001', index: 0 },
    {
      contentId: lab,
      knowledgeId: 'cybok-WAM',
      index: 0,
      topics: [{ topic: 'Client-Side Vulnerabilities and Mitigations', keywords: ['XSS'] }],
    },
  ]);
  await db.insert(workRoleCategory).values({ id: 'PD', name: 'Protection and Defense' });
  await db.insert(workRole).values({ id: 'PD-WRL-007', name: 'Vulnerability Analysis', categoryId: 'PD' });
  await db.insert(workRoleStatement).values({ workRoleId: 'PD-WRL-007', knowledgeId: 'tks-T0001' });
  await refreshSearchIndex(db);
  return {
    course,
    module,
    lab,
    hidden,
    unlisted,
    archived,
    fileId: f.id,
    fileBytes,
    contributorId: person!.id,
  };
}
