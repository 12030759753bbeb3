/**
 * The demo data set (DESIGN.md "Demo data"): the real data of config.sharedDataDir (its MANIFEST.md)
 * imported as knowledge items, three courses with their contributors and files, plus the demo
 * accounts. See README.md in this folder for what is read from where and the classification rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { KNOWLEDGE_TYPES, type KnowledgeType } from '@portal/shared/enums';
import { derivePermissions } from '@portal/shared/permissions';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import { sql } from 'drizzle-orm';
import { refreshSearchIndex } from '../courseware/courseware.service.js';
import type { CourseSource } from '../imports/index.js';
import { importCourse, type CourseImportSummary } from './course-import.js';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts.js';
import { seedDemoDownloads } from '../statistics/index.js';
import { seedDemoNewsAndEvents } from '../news/index.js';
import { seedDemoPages, type DemoPageFiles } from '../pages/index.js';
import { uploadFile } from '../files/files.service.js';
import { readHacktivity } from './hacktivity-source.js';
import { readKnowledge, readWorkRoles } from './knowledge-source.js';
import { readManifest } from './manifest.js';
import { readSecurity101 } from './security-101-source.js';
import { readSeedLabs } from './seed-labs-source.js';
import {
  countReferenceData,
  hasAnyAccount,
  hasAnyContent,
  insertKnowledgeItems,
  insertWorkRoles,
  lockSeed,
} from './seed.repository.js';

/** The uploader of the demo pages' files: no account and no permission beyond a page file's own rules. */
const DEMO_UPLOADER = { permissions: derivePermissions([], false), accountId: null };

/** How the demo pages store their files: through the files module's upload, as an editor's would be. */
export function demoPageFiles(db: Db, fileStore: FileStore): DemoPageFiles {
  return { fileStore, upload: (input) => uploadFile(db, { fileStore, session: DEMO_UPLOADER, input }) };
}

/** What a seed run found in the sources and wrote. */
export interface SeedSummary {
  /** Knowledge items read from the sources, per type. */
  knowledge: Record<KnowledgeType, number>;
  /** Knowledge items that were new (ids already present are kept). */
  knowledgeInserted: number;
  /** NICE work roles read, and their work role → TKS edges (issue 25). */
  workRoles: number;
  workRoleStatements: number;
  courses: CourseImportSummary[];
  /** E-mail addresses of the demo accounts created. */
  accountsCreated: string[];
  /** Generated demo download events (with the accounts' first creation only). */
  demoDownloads: number;
  durationMs: number;
}

type SeedArgs = { db: Db; config: Config; fileStore: FileStore; log?: FastifyBaseLogger };

/** The demo account placed in a business unit of the generated download data. */
const DEMO_FACULTY_EMAIL = DEMO_ACCOUNTS.find((a) => a.role === 'faculty')!.email;

/** The course readers, in the order the courses are imported. */
const COURSE_READERS = [readHacktivity, readSecurity101, readSeedLabs] as const;

/**
 * Imports the whole demo data set. Each source is one transaction (knowledge; each course; the
 * accounts), and a source already present is skipped (a course by its URL alias, knowledge by id,
 * accounts by e-mail), so running it again adds nothing and a run that failed half-way can be repeated.
 * Ends with `refreshSearchIndex` so search knows the new words and acronyms.
 * @returns counts of what was read and written, and the time taken
 * @throws Error when a source file cannot be read or parsed (nothing of that source is written, and no
 *   course is written when any source cannot be read), or when the database refuses a write
 */
export async function seedDemo(args: SeedArgs): Promise<SeedSummary> {
  const { db, config, fileStore, log } = args;
  const started = performance.now();
  const dataDir = config.sharedDataDir;

  // Read everything first: a broken source fails the run before anything is written.
  const manifest = await readManifest(dataDir);
  const [knowledge, workRoles, ...courses] = await Promise.all([
    readKnowledge(dataDir),
    readWorkRoles(dataDir),
    ...COURSE_READERS.map((read) => read(dataDir, manifest)),
  ]);

  const counts = Object.fromEntries(KNOWLEDGE_TYPES.map((t) => [t, 0])) as Record<KnowledgeType, number>;
  for (const item of knowledge) counts[item.type] += 1;
  const knowledgeInserted = await db.transaction(async (tx) => {
    await lockSeed(tx);
    const inserted = await insertKnowledgeItems(tx, knowledge);
    await insertWorkRoles(tx, workRoles);
    return inserted;
  });

  const courseSummaries: CourseImportSummary[] = [];
  for (const source of courses as CourseSource[]) {
    courseSummaries.push(await importCourse({ db, fileStore, source, log }));
  }
  const accountsCreated = await seedDemoAccounts(db);
  const demoDownloads = accountsCreated.length > 0 ? await seedDemoDownloads(db, DEMO_FACULTY_EMAIL) : 0;
  await seedDemoNewsAndEvents(db);
  await seedDemoPages(db, demoPageFiles(db, fileStore));
  await refreshSearchIndex(db);
  // A bulk import leaves the GIN pending list full and the planner without statistics; PGlite has
  // no autovacuum to do this later.
  await db.execute(sql`VACUUM ANALYZE content`);

  return {
    knowledge: counts,
    knowledgeInserted,
    workRoles: workRoles.roles.length,
    workRoleStatements: workRoles.statements.length,
    courses: courseSummaries,
    accountsCreated,
    demoDownloads,
    durationMs: Math.round(performance.now() - started),
  };
}

/** What `importReferenceData` added: knowledge items and NICE work roles that were missing. */
export interface ReferenceDataSummary {
  knowledgeInserted: number;
  workRolesInserted: number;
}

/**
 * Brings the reference data — the knowledge items (TKS, KSA, KU, CyBOK areas) and the NICE work roles
 * with their categories and statements — up to what config.sharedDataDir holds, at every start-up and
 * whatever SEED_DEMO says: an installation that began before a kind of alignment existed (CyBOK and the
 * work roles, issue 25) gets it without a fresh database. It adds what is missing and never changes or
 * removes a row; when the database already holds as many rows as the sources, it writes nothing.
 * Returns null (and writes nothing) when the folder has no MANIFEST.md.
 * @throws Error when a source cannot be read or parsed (nothing is written), or the database refuses a write
 */
export async function importReferenceData(args: {
  db: Db;
  config: Config;
  log?: FastifyBaseLogger;
}): Promise<ReferenceDataSummary | null> {
  const { db, config, log } = args;
  if (!fs.existsSync(path.join(config.sharedDataDir, 'MANIFEST.md'))) return null;
  const [knowledge, workRoles] = await Promise.all([
    readKnowledge(config.sharedDataDir),
    readWorkRoles(config.sharedDataDir),
  ]);
  const held = await countReferenceData(db);
  if (
    held.knowledgeItems >= knowledge.length &&
    held.workRoles >= workRoles.roles.length &&
    held.workRoleStatements >= workRoles.statements.length
  ) {
    return { knowledgeInserted: 0, workRolesInserted: 0 };
  }
  const summary = await db.transaction(async (tx) => {
    await lockSeed(tx);
    return {
      knowledgeInserted: await insertKnowledgeItems(tx, knowledge),
      workRolesInserted: await insertWorkRoles(tx, workRoles),
    };
  });
  log?.info(summary, 'reference data brought up to the shared data folder');
  return summary;
}

/**
 * Imports the demo data set when the database has neither content nor accounts (a fresh start),
 * and logs what it did and how long it took; otherwise does nothing. Called at start-up (server.ts)
 * when SEED_DEMO is on. When config.sharedDataDir has no MANIFEST.md (the data folder was not
 * deployed) it logs a warning and does nothing.
 * @throws Error as seedDemo does
 */
export async function seedDemoIfEmpty(args: {
  db: Db;
  config: Config;
  fileStore: FileStore;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, config, log } = args;
  if ((await hasAnyContent(db)) || (await hasAnyAccount(db))) {
    log.info('demo data not imported: the database already has content or accounts');
    return;
  }
  if (!fs.existsSync(path.join(config.sharedDataDir, 'MANIFEST.md'))) {
    log.warn(
      { sharedDataDir: config.sharedDataDir },
      'demo data not imported: no MANIFEST.md in the shared data folder',
    );
    return;
  }
  const summary = await seedDemo(args);
  const imported = summary.courses.filter((c) => !c.skipped);
  log.info(
    {
      knowledge: summary.knowledge,
      workRoles: summary.workRoles,
      courses: imported.map((c) => ({ name: c.name, modules: c.modules, items: c.items, files: c.files })),
      contributors: imported.reduce((n, c) => n + c.contributorsCreated, 0),
      accounts: summary.accountsCreated,
      demoDownloads: summary.demoDownloads,
      durationMs: summary.durationMs,
    },
    `demo data imported in ${summary.durationMs} ms`,
  );
}
