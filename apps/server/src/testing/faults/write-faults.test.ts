/**
 * Faults, tested (issue 23 "Faults, tested"): the portal, a real process, kills itself with SIGKILL at a
 * chosen point inside a write (FAULT_POINTS, lib/fault-points.ts) and is started again over the same
 * data; what a user then sees through HTTP, and at the end what the database and the file store hold,
 * is checked:
 * - document text extraction killed between reading and saving: the job is taken over once its lease
 *   runs out and the document's words become searchable;
 * - an upload killed once its bytes are stored: no file row, and the bytes are swept at the next start;
 * - a content save killed before its commit: the item as it was, every file kept; killed after it: the
 *   item saved, the removed file's row gone and its bytes swept;
 * - a page's section save, the same, with its widget's image;
 * - a zip bundle killed once its archive is stored: built again after the lease, every entry's SHA-256
 *   right, the first archive swept;
 * - a user import killed before its commit: no account and no invitation; run again, every account
 *   and one invitation each.
 * Finally, after a last SIGKILL: every stored object is named by a file row and every file row's object
 * is there, no partial upload, no job left queued or running, every e-mail sent.
 *
 * Each start arms the point of the next write; what the previous one left is checked first. PGlite in
 * DATA_DIR, or the PostgreSQL server when DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { ContentSchema, toUpdateRequest } from '@portal/shared/schemas/courseware';
import { rows } from '../../db/rows.js';
import type { FaultPointName } from '../../lib/fault-points.js';
import { storageKeysInUse } from '../../modules/files/files.repository.js';
import { storeFile } from '../fixtures.js';
import { prepareProcessData, type ProcessData } from '../process-data.js';
import { callProcess, okJson, startServerProcess, type ServerProcess } from '../server-process.js';
import { startSmtpPeer, type SmtpPeer } from '../smtp-peer.js';
import { readZip } from '../zip.js';

/** A dead worker's job is taken over this soon, in milliseconds. */
const LEASE_MS = 1_000;
/** What a killed process left is swept at a start once this old, in milliseconds; the test waits it out. */
const SWEEP_GRACE_MS = 1_500;
/** Files of the lab beside the tree's own: a bundle still has some after a save removes one. */
const LAB_FILES = 3;
/** Accounts of the import. */
const IMPORTED = 10;
/** Background work after a start (a job's lease, its retry, the outbox), in milliseconds. */
const SETTLE = { timeout: 30_000, interval: 100 } as const;
const TEST_TIMEOUT_MS = 120_000;
const METRICS_TOKEN = crypto.randomBytes(24).toString('hex');

let data: ProcessData;
let peer: SmtpPeer;
let portal: ServerProcess;
/** SHA-256 of every file of the lab, by file id. */
const labFiles = new Map<string, string>();
let page: { id: string; sectionId: string; imageId: string; imageKey: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the portal over the test's data with `point` armed (none: a plain start). */
const start = (point?: FaultPointName) =>
  startServerProcess({
    ...data.env,
    SMTP_URL: peer.url,
    JOB_POLL_INTERVAL_MS: '50',
    JOB_LEASE_MS: String(LEASE_MS),
    FILE_SWEEP_GRACE_MS: String(SWEEP_GRACE_MS),
    FAULT_POINTS: point ?? '',
    METRICS_TOKEN,
  });

/** Whether the running portal's /metrics shows no job queued or running and no mail waiting. */
async function isIdle(): Promise<boolean> {
  const res = await fetch(`${portal.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const busy = text
    .split('\n')
    .filter((line) => /^portal_(job_queue_depth|mail_outbox_backlog)\b/.test(line))
    .some((line) => Number(line.split(' ').at(-1)) > 0);
  return res.status === 200 && !busy;
}

/** A request to the running portal as `role` (JSON body when given). */
const call = (role: Role | undefined, method: string, url: string, body?: object | FormData) =>
  callProcess(portal, method, url, { headers: role ? data.headers[role] : {}, body });
const json = okJson;

/** An upload's form: the fields, then the file. */
function uploadForm(fields: Record<string, string>, bytes: Buffer, filename: string, type: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, type })) form.set(name, value);
  form.set('file', new Blob([bytes], { type }), filename);
  return form;
}
const labUpload = (text: string) =>
  uploadForm(
    { name: 'Field notes', visibility: 'private', metadataType: 'content', metadataId: data.tree.lab },
    Buffer.from(text),
    'notes.txt',
    'text/plain',
  );

/** Keys of every complete object of the file store, sorted. */
async function objects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of data.fileStore.list()) keys.push(object.key);
  return keys.sort();
}
const partials = () => {
  const dir = path.join(data.dataDir, 'files', '.partial');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/**
 * Waits for the running portal to die at its armed point (after `write`, which it must not answer when
 * `isAnswered` is false), lets what it left grow older than the sweep's grace, and starts it again with
 * `next` armed.
 */
async function crash(
  write: Promise<Response>,
  { isAnswered = false, next }: { isAnswered?: boolean; next?: FaultPointName },
) {
  const outcome = await write.then(
    (res) => res.status,
    () => 'no answer',
  );
  if (!isAnswered) expect(outcome).toBe('no answer');
  const { signal } = await portal.exited;
  expect(signal).toBe('SIGKILL');
  await sleep(SWEEP_GRACE_MS);
  portal = await start(next);
}

interface Item {
  name: string;
  version: number;
  files: { id: string; name: string }[];
}
const getLab = () =>
  json<Item & Record<string, unknown>>(call('contenteditor', 'GET', `/api/v1/content/${data.tree.lab}`));

beforeAll(async () => {
  peer = await startSmtpPeer();
  data = await prepareProcessData('portal-write-faults', {
    seed: async (db, fileStore, tree) => {
      labFiles.set(tree.fileId, crypto.createHash('sha256').update(tree.fileBytes).digest('hex'));
      for (let n = 1; n <= LAB_FILES; n += 1) {
        const stored = await storeFile(db, fileStore, crypto.randomBytes(64 * 1024), {
          name: `Capture ${n}`,
          filename: `capture-${n}.pcap`,
          mimeType: 'application/octet-stream',
          metadataId: tree.lab,
          index: n,
        });
        labFiles.set(stored.id, stored.sha256);
      }
    },
  });
  // A page with an image widget, for the page saves (saved before any page point is armed).
  portal = await start();
  const created = await json<{ id: string }>(
    call('contenteditor', 'POST', '/api/v1/pages', {
      title: 'Range map',
      status: 'published',
      description: 'Where the range is.',
      href: '/range-map',
    }),
  );
  const before = await objects();
  const image = await json<{ id: string }>(
    call(
      'contenteditor',
      'POST',
      '/api/v1/files',
      uploadForm(
        {
          name: 'Range map',
          visibility: 'public',
          metadataType: 'page',
          metadataId: created.id,
          kind: 'image',
        },
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        ),
        'range.png',
        'image/png',
      ),
    ),
  );
  const withSection = await json<{ sections: { id: string }[] }>(
    call('contenteditor', 'POST', `/api/v1/pages/${created.id}/sections`, {
      key: null,
      widgets: [
        {
          kind: 'coverImage',
          title: 'Range',
          image: { fileId: image.id, filename: 'range.png', mimeType: 'image/png', alt: 'Range map' },
        },
      ],
    }),
  );
  const [imageKey] = (await objects()).filter((key) => !before.includes(key));
  page = { id: created.id, sectionId: withSection.sections[0]!.id, imageId: image.id, imageKey: imageKey! };
  await portal.stop('SIGTERM');
  portal = await start('documentText.extracted');
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await portal?.stop('SIGKILL');
  await peer?.close();
  await data?.destroy();
});

describe('SIGKILL inside a write, then a restart', () => {
  it(
    'during document text extraction: the job is taken over and the words become searchable',
    async () => {
      const upload = await call(
        'contenteditor',
        'POST',
        '/api/v1/files',
        labUpload('Notes on the zygodactyl foot.'),
      );
      expect(upload.status).toBe(201);
      const { id } = (await upload.json()) as { id: string };
      await crash(Promise.resolve(upload), { isAnswered: true, next: 'upload.stored' });

      const found = async () => {
        const res = await json<{ items: { id: string; documentMatch?: { fileName: string } | null }[] }>(
          call('faculty', 'GET', '/api/v1/content/search?q=zygodactyl'),
        );
        return res.items.map((i) => [i.id, i.documentMatch?.fileName]);
      };
      await vi.waitUntil(async () => (await found()).length > 0, SETTLE);
      expect(await found()).toEqual([[data.tree.lab, 'Field notes']]);
      const bytes = Buffer.from('Notes on the zygodactyl foot.');
      labFiles.set(id, crypto.createHash('sha256').update(bytes).digest('hex'));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'during an upload, once the bytes are stored: no file, and no bytes left behind',
    async () => {
      const before = await objects();
      const filesBefore = (await getLab()).files.map((f) => f.id);
      await crash(call('contenteditor', 'POST', '/api/v1/files', labUpload('Never recorded.')), {
        next: 'content.beforeCommit',
      });
      expect((await getLab()).files.map((f) => f.id)).toEqual(filesBefore);
      expect(await objects()).toEqual(before);
      expect(partials()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  /** The lab's save: renamed, its first file removed. */
  const save = async () => {
    const lab = await getLab();
    const request = toUpdateRequest(ContentSchema.parse(lab));
    const removed = lab.files[0]!;
    return {
      lab,
      removed,
      write: call('contenteditor', 'PUT', `/api/v1/content/${data.tree.lab}`, {
        ...request,
        name: 'Packet Capture Lab, revised',
        files: request.files.filter((f) => f.id !== removed.id),
        deletedFileIds: [removed.id],
      }),
    };
  };

  it(
    'during a content save, before its commit: the item as it was, every file kept',
    async () => {
      const before = await objects();
      const { lab, write } = await save();
      await crash(write, { next: 'content.committed' });
      const after = await getLab();
      expect({ name: after.name, version: after.version, files: after.files }).toEqual({
        name: lab.name,
        version: lab.version,
        files: lab.files,
      });
      expect(await objects()).toEqual(before);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'during a content save, after its commit: the item saved, the removed file gone with its bytes',
    async () => {
      const before = await objects();
      const { lab, removed, write } = await save();
      await crash(write, { next: 'page.beforeCommit' });
      const after = await getLab();
      expect(after.name).toBe('Packet Capture Lab, revised');
      expect(after.version).toBe(lab.version + 1);
      expect(after.files.map((f) => f.id)).toEqual(lab.files.slice(1).map((f) => f.id));
      expect((await call('contenteditor', 'GET', `/api/v1/files/${removed.id}`)).status).toBe(404);
      expect((await objects()).length).toBe(before.length - 1);
      labFiles.delete(removed.id);
    },
    TEST_TIMEOUT_MS,
  );

  const getPage = () =>
    json<{ sections: { id: string }[] }>(call('contenteditor', 'GET', `/api/v1/pages/${page.id}`));
  const removeSection = () =>
    call('contenteditor', 'DELETE', `/api/v1/pages/${page.id}/sections/${page.sectionId}`);

  it(
    "during a page's section save, before its commit: the section and its image kept",
    async () => {
      await crash(removeSection(), { next: 'page.committed' });
      expect((await getPage()).sections.map((s) => s.id)).toEqual([page.sectionId]);
      expect((await call(undefined, 'GET', `/api/v1/files/${page.imageId}/content`)).status).toBe(200);
      expect(await objects()).toContain(page.imageKey);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "during a page's section save, after its commit: the section gone, its image's bytes too",
    async () => {
      await crash(removeSection(), { next: 'bundle.written' });
      expect((await getPage()).sections).toEqual([]);
      expect((await call(undefined, 'GET', `/api/v1/files/${page.imageId}/content`)).status).toBe(404);
      expect(await objects()).not.toContain(page.imageKey);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'during a zip bundle, once its archive is stored: built again after the lease, every file right, one archive kept',
    async () => {
      const before = await objects();
      const requested = await call('faculty', 'POST', `/api/v1/content/${data.tree.course}/bundle`);
      expect(requested.status).toBe(202);
      const { fileId } = (await requested.clone().json()) as { fileId: string };
      await crash(Promise.resolve(requested), { isAnswered: true, next: 'userImport.beforeCommit' });

      const status = async () =>
        (await json<{ status: string }>(call('faculty', 'GET', `/api/v1/files/${fileId}`))).status;
      await vi.waitUntil(async () => (await status()) !== 'pending', SETTLE);
      expect(await status()).toBe('ready');
      const link = await json<{ publicUrl: string }>(
        call('faculty', 'GET', `/api/v1/files/${fileId}/download-url?from=${data.tree.course}`),
      );
      const entries = await readZip(
        Buffer.from(await (await fetch(`${portal.url}${link.publicUrl}`)).arrayBuffer()),
      );
      const manifest = JSON.parse(entries.at(-1)!.data.toString('utf8')) as {
        files: { id: string; path: string; sha256: string }[];
      };
      expect(new Map(manifest.files.map((f) => [f.id, f.sha256]))).toEqual(labFiles);
      for (const f of manifest.files) {
        const entry = entries.find((e) => e.name === f.path)!;
        expect(crypto.createHash('sha256').update(entry.data).digest('hex')).toBe(f.sha256);
      }
      // The archive of the killed build was swept; only the finished one was added.
      expect((await objects()).filter((key) => !before.includes(key))).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'during a user import, before its commit: nobody imported and nobody invited; run again, everyone once',
    async () => {
      const importRows = Array.from({ length: IMPORTED }, (_, n) => ({
        name: `Imported ${n}`,
        email: `imported-${n}@import.example`,
        role: 'faculty',
      }));
      const invited = () => peer.received.filter((m) => m.to.some((to) => to.endsWith('@import.example')));
      await crash(call('admin', 'POST', '/api/v1/admin/user-import', { rows: importRows }), {});
      const users = () =>
        json<{ items: { email: string }[] }>(
          call('admin', 'GET', '/api/v1/admin/users?q=import.example&pageSize=100'),
        );
      expect((await users()).items).toEqual([]);
      expect(invited()).toEqual([]);

      const again = await json<{ counts: Record<string, number> }>(
        call('admin', 'POST', '/api/v1/admin/user-import', { rows: importRows }),
      );
      expect(again.counts).toMatchObject({ create: IMPORTED, invalid: 0 });
      expect((await users()).items).toHaveLength(IMPORTED);
      await vi.waitUntil(() => invited().length >= IMPORTED, SETTLE);
      expect(
        invited()
          .flatMap((m) => m.to)
          .sort(),
      ).toEqual(importRows.map((r) => r.email).sort());
      // Done as an operator's monitoring sees it: no job queued or running, no mail waiting.
      await vi.waitUntil(isIdle, SETTLE);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'leaves, after a last SIGKILL, every object named by a row and every row with its object, and no work undone',
    async () => {
      await portal.stop('SIGKILL');
      const database = await data.openDatabase();
      try {
        const inUse = await storageKeysInUse(database.db);
        const pending = await rows<{ id: string }>(
          database.db,
          sql`SELECT id FROM file WHERE status = 'pending'`,
        );
        expect(pending).toEqual([]);
        expect(await objects()).toEqual([...inUse].sort());
        expect(partials()).toEqual([]);
        const jobs = await rows<{ kind: string; status: string }>(
          database.db,
          sql`SELECT kind, status FROM job WHERE status IN ('queued', 'running')`,
        );
        expect(jobs).toEqual([]);
        const unsent = await rows<{ id: string }>(
          database.db,
          sql`SELECT id FROM outbox WHERE status <> 'sent'`,
        );
        expect(unsent).toEqual([]);
      } finally {
        await database.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
