/**
 * The SMTP peer of the end-to-end run: a real SMTP server (the server tests' `smtp-server` peer) that the
 * national server sends every e-mail to (SMTP_URL), started once for the run by `global-setup.ts`. Each
 * message it accepts is written as JSON (envelope and raw message) to MAIL_DIR, where specs read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReceivedMail } from '../apps/server/src/testing/smtp-peer';

/** Twenty ports above the national server (the state server is ten above). */
export const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
/** Where the peer writes the messages it accepts, one file each, named in order of arrival. */
export const MAIL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.e2e-mail');

/** Every message accepted so far for `address`, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, name), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(address));
}
