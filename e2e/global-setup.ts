/**
 * Starts the run's SMTP peer (mail-peer.ts) before the first test and stops it after the last: every
 * message the national server sends is accepted and written to MAIL_DIR, emptied first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpPeer } from '../apps/server/src/testing/smtp-peer';
import { MAIL_DIR, SMTP_PORT } from './mail-peer';

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const peer = await startSmtpPeer(SMTP_PORT, (mail) => {
    count += 1;
    fs.writeFileSync(path.join(MAIL_DIR, `${String(count).padStart(6, '0')}.json`), JSON.stringify(mail));
  });
  return () => peer.close();
}
