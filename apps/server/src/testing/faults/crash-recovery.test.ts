/**
 * Faults, tested (issue 23 "Faults, tested"): the portal as a real process is killed with SIGKILL at a
 * chosen point and started again over the same data, and the data is checked through the database.
 *
 * One chain, to pay for few starts (about 11 s each on a fresh PGlite folder):
 * 1. 50 newsletter sign-ups, each acknowledged (202); each writes a subscriber and an outbox message.
 *    The SMTP peer holds every message it receives without answering (DATA received, no `250`), and
 *    the process is killed while it waits: between the peer accepting a message and the outbox
 *    marking it sent.
 * 2. Start again on the same DATA_DIR (PGlite) or database (PostgreSQL server, when DATABASE_URL is
 *    set): the embedded database opens after the SIGKILL, the jobs whose worker died are taken over
 *    once their lease runs out, and every message arrives.
 * 3. After a last SIGKILL the database holds every acknowledged write: 50 subscribers, 50 outbox rows
 *    all sent, no job left queued or running; the peer saw as many distinct Message-IDs as outbox
 *    rows, and a message sent twice (only those held at the kill) carries the same Message-ID.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { createServerDatabase } from '../test-app.js';
import { BACKGROUND_WAIT } from '../wait.js';

/** Acknowledged writes before the kill. */
const SIGNUPS = 50;
/** A short lease, so a job whose worker was killed is taken over within seconds, in milliseconds. */
const LEASE_MS = 1_000;

/** A peer that records each message and, while `isHolding`, never answers its DATA. */
interface HoldingPeer {
  url: string;
  /** Message-ID of every message received in full, in order (answered or not). */
  received: string[];
  /** Message-IDs received while holding: never acknowledged to the sender. */
  held: Set<string>;
  isHolding: boolean;
  close(): Promise<void>;
}

const messageIdIn = (raw: string) => /^Message-ID: *(\S+)/im.exec(raw)?.[1]?.trim() ?? '';

async function startHoldingPeer(): Promise<HoldingPeer> {
  const peer: Omit<HoldingPeer, 'url' | 'close'> = { received: [], held: new Set(), isHolding: true };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const id = messageIdIn(Buffer.concat(chunks).toString('utf8'));
        peer.received.push(id);
        if (peer.isHolding) peer.held.add(id);
        else callback();
      });
    },
  });
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return Object.assign(peer, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  });
}

const serverUrl = process.env.DATABASE_URL;
let dataDir: string;
let peer: HoldingPeer;
let server: { url: string; drop: () => Promise<void> } | undefined;
let portal: ServerProcess | undefined;

const start = () =>
  startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: server?.url ?? '',
    SMTP_URL: peer.url,
    JOB_POLL_INTERVAL_MS: '50',
    JOB_LEASE_MS: String(LEASE_MS),
  });

/** The database of the stopped portal (the PGlite folder it left, or its server database). */
const openData = (): Promise<Database> =>
  openDatabase(server ? { url: server.url } : { dir: path.join(dataDir, 'db') });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
  peer = await startHoldingPeer();
  if (serverUrl) server = await createServerDatabase(serverUrl);
});
afterAll(async () => {
  await portal?.stop('SIGKILL');
  await peer?.close();
  await server?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL and restart', () => {
  it('keeps every acknowledged write, and delivers every e-mail once per Message-ID', async () => {
    portal = await start();
    const emails = Array.from({ length: SIGNUPS }, (_v, i) => `reader${i}@faults.example.edu`);
    for (const [i, email] of emails.entries()) {
      const res = await fetch(`${portal.url}/api/v1/newsletter/subscribers`, {
        method: 'POST',
        // One client address per sign-up (TRUST_PROXY is loopback): the per-address limit is not tested here.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: JSON.stringify({
          emailAddress: email,
          firstName: 'Ada',
          lastName: 'Lovelace',
          organization: 'Analytical Engines',
          jobTitle: 'Programmer',
        }),
      });
      expect(res.status, await res.text()).toBe(202);
    }
    // The chosen point: the peer has a message in full and has not answered; the outbox row is pending.
    await vi.waitUntil(() => peer.held.size > 0, BACKGROUND_WAIT);
    const killed = await portal.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    peer.isHolding = false;

    // Again on the same data: the embedded database opens, the dead worker's jobs are taken over.
    portal = await start();
    await vi.waitUntil(() => new Set(peer.received).size >= SIGNUPS, { ...BACKGROUND_WAIT, timeout: 40_000 });
    // The peer has answered the last message; give the worker time to mark it sent before the last kill.
    await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_MS));
    await portal.stop('SIGKILL');
    portal = undefined;

    const database = await openData();
    try {
      const subscribers = await rows<{ email: string }>(
        database.db,
        sql`SELECT email FROM newsletter_subscriber ORDER BY email`,
      );
      expect(subscribers.map((s) => s.email).sort()).toEqual([...emails].sort());
      const mails = await rows<{ id: string; status: string }>(
        database.db,
        sql`SELECT id, status FROM outbox`,
      );
      expect(mails).toHaveLength(SIGNUPS);
      expect(mails.filter((m) => m.status !== 'sent')).toEqual([]);
      const unfinished = await rows<{ kind: string; status: string }>(
        database.db,
        sql`SELECT kind, status FROM job WHERE status IN ('queued', 'running')`,
      );
      expect(unfinished).toEqual([]);

      // Counted by Message-ID: one per outbox row, each the row's id; a second copy only of a held one.
      const distinct = new Set(peer.received);
      expect(distinct.size).toBe(mails.length);
      expect([...distinct].map((id) => /^<([^@]+)@/.exec(id)?.[1]).sort()).toEqual(
        mails.map((m) => m.id).sort(),
      );
      const copies = peer.received.filter((id, index) => peer.received.indexOf(id) !== index);
      for (const id of copies) expect(peer.held.has(id), `${id} sent twice but never held`).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
