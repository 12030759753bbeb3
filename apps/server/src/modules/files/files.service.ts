/**
 * File rules (000 §3 File, §6 CanViewFiles, §7 File service; DESIGN.md "Files of courseware are private").
 * A private file is fetched through a short-lived signed URL given only to callers with the permission,
 * so the browser can stream it without a bearer header; each courseware download is recorded.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError } from '@portal/shared/errors';
import type { PermissionFlags } from '@portal/shared/permissions';
import type { DownloadUrlResponse, FileContentQuery } from '@portal/shared/schemas/files';
import type { Db } from '../../db/client.js';
import { setting } from '../../db/schema/identity.js';
import { openableStatuses } from '../courseware/courseware.service.js';
import { findAccountWithClaims } from '../identity/identity.repository.js';
import { findFile, findFileOwner, insertDownloadEvent, type FileRow } from './files.repository.js';

/** How long a signed download link stays valid. */
export const DOWNLOAD_LINK_TTL_S = 300;
const KEY_SETTING = 'download-secret';

export interface DownloadSigner {
  sign(parts: string[]): string;
  verify(parts: string[], signature: string): boolean;
}

/** The HMAC key for download links, created once and shared by every instance through the database. */
export async function createDownloadSigner(db: Db): Promise<DownloadSigner> {
  await db
    .insert(setting)
    .values({ key: KEY_SETTING, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(setting).where(eq(setting.key, KEY_SETTING));
  const key = Buffer.from(row!.value, 'base64url');
  const mac = (parts: string[]) => crypto.createHmac('sha256', key).update(parts.join('\n')).digest();
  return {
    sign: (parts) => mac(parts).toString('base64url'),
    verify(parts, signature) {
      const expected = mac(parts);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}

const notFound = () => new AppError('not_found', 'File does not exist.');

/** Checks that the caller may fetch a file; returns the file and its owning content (if any). */
async function authorize(db: Db, perms: PermissionFlags, fileId: string) {
  const row = await findFile(db, fileId);
  if (!row || row.status !== 'ready') throw notFound();
  const owner =
    row.metadataType === 'content' && row.metadataId ? await findFileOwner(db, row.metadataId) : undefined;
  if (owner && !openableStatuses(perms).includes(owner.status as never)) throw notFound();
  if (row.visibility === 'private') {
    if (!perms.IsLogin) throw new AppError('unauthenticated', 'Please log in to download files.');
    if (!perms.CanViewFiles)
      throw new AppError('forbidden', 'Your account may not download courseware files.');
  }
  return { row, owner };
}

/**
 * A download URL for a file (000 §7: publicUrl, name). Private files get a signed link valid
 * DOWNLOAD_LINK_TTL_S seconds that names the caller and the item the download started from.
 * @throws AppError 401 signed out, 403 without CanViewFiles, 404 unknown or hidden
 */
export async function getDownloadUrl(
  db: Db,
  signer: DownloadSigner,
  session: { permissions: PermissionFlags; accountId: string | null },
  fileId: string,
  from: string | undefined,
  nowS = Math.floor(Date.now() / 1000),
): Promise<DownloadUrlResponse> {
  const { row } = await authorize(db, session.permissions, fileId);
  const base = `/api/v1/files/${row.id}/content`;
  if (row.visibility === 'public') return { publicUrl: base, name: row.filename };
  const exp = nowS + DOWNLOAD_LINK_TTL_S;
  const u = session.accountId ?? '';
  const params = new URLSearchParams({ exp: String(exp) });
  if (from) params.set('from', from);
  if (u) params.set('u', u);
  params.set('sig', signer.sign([row.id, String(exp), from ?? '', u]));
  return { publicUrl: `${base}?${params.toString()}`, name: row.filename };
}

/**
 * Resolves a file for streaming: public files to anyone, private ones with a valid signature, and
 * records the download event (who, when, which file, from which item, its top-most ancestor).
 * @throws AppError 403 for a bad or expired signature, 404 unknown
 */
export async function openForDownload(
  db: Db,
  signer: DownloadSigner,
  fileId: string,
  query: Partial<FileContentQuery>,
  nowS = Math.floor(Date.now() / 1000),
): Promise<FileRow> {
  const row = await findFile(db, fileId);
  if (!row || row.status !== 'ready') throw notFound();
  if (row.visibility === 'private') {
    const { exp, sig, from, u } = query;
    if (!exp || !sig || !signer.verify([row.id, String(exp), from ?? '', u ?? ''], sig)) {
      throw new AppError(
        'forbidden',
        'This download link is not valid. Open the file from its courseware page.',
      );
    }
    if (exp < nowS)
      throw new AppError(
        'forbidden',
        'This download link has expired. Open the file from its courseware page again.',
      );
    if (row.metadataType === 'content') {
      const account = u ? await findAccountWithClaims(db, u) : undefined;
      const owner = row.metadataId ? await findFileOwner(db, row.metadataId) : undefined;
      const source = from && from !== row.metadataId ? await findFileOwner(db, from) : owner;
      await insertDownloadEvent(db, {
        accountId: account?.account.id ?? null,
        userName: account?.account.displayName ?? null,
        userEmail: account?.account.email ?? null,
        fileId: row.id,
        fileName: row.filename,
        contentId: source?.id ?? null,
        contentName: source?.name ?? null,
        topContentId: source?.topId ?? null,
        topContentName: source?.topName ?? null,
        tags: source?.tags ?? [],
      });
    }
  }
  return row;
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
