// Uploaded files live outside the database, one file per content (named by its SHA-256), so the same
// bytes uploaded twice are stored once, in a folder or a bucket (file-storage.ts). The type is read from the bytes (file-type's magic numbers),
// never from the name: an .exe renamed .pdf is refused.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, Queryable } from '../db/index.js';
import { rateLimited } from '../core/http.js';
import { DEFAULT_UPLOAD_LIMIT_MB, isAllowedUploadContent, UPLOAD_FORMAT_MESSAGE, uploadSizeMessage } from '@haven/rules';
import type { FileStorageConfig } from '../core/config.js';
import { fileBackend, type FileBackend } from './file-storage.js';

export const UPLOAD_LIMIT_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;
/** Enough of the head for every signature the sniffer knows. */
const HEAD_BYTES = 4100;

export class UploadRefused extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Plain text: no NUL and no control characters other than tab, new line, carriage return, form feed. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x0b) return false;
  return true;
}

export interface StoredFile {
  sha256: string;
  size: number;
  contentType: string;
}

export class DocumentStore {
  private readonly backend: FileBackend;
  /** No storage configured (development and tests only; production refuses to start): a temp folder. */
  constructor(storage: FileStorageConfig = { kind: 'folder', dir: join(tmpdir(), 'haven-files') }) {
    this.backend = fileBackend(storage);
  }

  private nameOf(sha256: string) {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a content hash');
    return sha256;
  }

  /**
   * Streams the upload to disk while hashing it; refuses it (and keeps nothing) when too big or of a type
   * not allowed. `maxBytes` is the smaller of the per-file limit and what the account's budget has left.
   */
  async put(body: NodeJS.ReadableStream, maxBytes = UPLOAD_LIMIT_BYTES): Promise<StoredFile> {
    const staging = this.backend.stagingDir;
    await mkdir(staging, { recursive: true });
    const temp = join(staging, `.upload-${randomUUID()}`);
    const hash = createHash('sha256');
    let size = 0;
    const headParts: Buffer[] = [];
    let headSize = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > UPLOAD_LIMIT_BYTES) return cb(new UploadRefused(413, uploadSizeMessage(DEFAULT_UPLOAD_LIMIT_MB)));
        if (size > maxBytes) return cb(new UploadRefused(429, UPLOAD_QUOTA_MESSAGE));
        if (headSize < HEAD_BYTES) {
          headParts.push(chunk);
          headSize += chunk.length;
        }
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(temp));
      const head = Buffer.concat(headParts).subarray(0, HEAD_BYTES);
      const detected = await fileTypeFromBuffer(head);
      if (size === 0 || !isAllowedUploadContent(detected?.ext, looksLikeText(head))) throw new UploadRefused(422, UPLOAD_FORMAT_MESSAGE);
      const sha256 = hash.digest('hex');
      const contentType = detected?.mime ?? (detected?.ext === 'cfb' ? 'application/x-cfb' : 'text/plain; charset=utf-8');
      await this.backend.keep(temp, this.nameOf(sha256), contentType);
      return { sha256, size, contentType };
    } finally {
      await rm(temp, { force: true });
    }
  }

  read(sha256: string): Promise<Readable> {
    return this.backend.read(this.nameOf(sha256));
  }

  /** Removes the bytes once no document row names them any more. */
  async releaseIfUnused(q: Queryable, sha256: string): Promise<void> {
    const [r] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE sha256 = $1`, [sha256]);
    if (r && r.n === 0) await this.backend.remove(this.nameOf(sha256));
  }
}

export const UPLOAD_WINDOW_MS = 3600_000;
export const UPLOAD_QUOTA_MESSAGE = 'You have uploaded a lot in the last hour. Please try again later.';

/** The account an upload counts against: a profile's parent, or the person themself. */
export async function uploadAccountOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ account_id: number }>(`SELECT COALESCE(parent_user_id, id) AS account_id FROM users WHERE id = $1`, [
    userId,
  ]);
  return row?.account_id ?? userId;
}

export interface UploadReservation {
  /** Bytes this upload may still take (the budget left, at most the per-file limit). */
  maxBytes: number;
  /** Sets the reservation to what was really stored (0 when nothing was). */
  settle(sizeBytes: number): Promise<void>;
}

/**
 * Reserves `announced` bytes (the request's Content-Length, or the per-file limit when it has none) of
 * the account's hourly budget before a byte is read, under a per-account lock, so a burst of parallel
 * uploads cannot all see the same room. Over the budget: 429 with Retry-After (when enough of the
 * window's uploads have left it).
 */
export async function reserveUpload(
  db: Db,
  accountId: number,
  announced: number | undefined,
  budgetBytes: number,
  now: number,
): Promise<UploadReservation> {
  const want = Math.min(announced ?? UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_BYTES);
  const since = now - UPLOAD_WINDOW_MS;
  type Outcome = { refusedS: number } | { id: string; left: number };
  const reserved = await db.tx(async (q): Promise<Outcome> => {
    await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`upload_quota:${accountId}`]);
    const rows = await q.query<{ size_bytes: number | string; at_ms: number | string }>(
      `SELECT size_bytes, at_ms FROM upload_log WHERE account_id = $1 AND at_ms > $2 ORDER BY at_ms`,
      [accountId, since],
    );
    const used = rows.reduce((sum, r) => sum + Number(r.size_bytes), 0);
    if (used + want > budgetBytes) {
      // Wait until the oldest uploads have left the window and freed enough room.
      let freed = 0;
      let waitMs = UPLOAD_WINDOW_MS;
      for (const r of rows) {
        freed += Number(r.size_bytes);
        if (used - freed + want <= budgetBytes) {
          waitMs = Number(r.at_ms) + UPLOAD_WINDOW_MS - now;
          break;
        }
      }
      return { refusedS: waitMs / 1000 };
    }
    const [row] = await q.query<{ id: string }>(`INSERT INTO upload_log (account_id, size_bytes, at_ms) VALUES ($1, $2, $3) RETURNING id`, [
      accountId,
      want,
      now,
    ]);
    return { id: row!.id, left: budgetBytes - used };
  });
  if ('refusedS' in reserved) throw rateLimited(reserved.refusedS, UPLOAD_QUOTA_MESSAGE);
  const { id, left } = reserved;
  return {
    maxBytes: Math.min(left, UPLOAD_LIMIT_BYTES),
    settle: async (sizeBytes) => {
      await db.query(`UPDATE upload_log SET size_bytes = $2 WHERE id = $1`, [id, sizeBytes]);
    },
  };
}
