// Uploaded files live outside the database, one file per content (named by its SHA-256), so the same
// bytes uploaded twice are stored once. The type is read from the bytes (file-type's magic numbers),
// never from the name: an .exe renamed .pdf is refused.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { Queryable } from '../db/index.js';
import { DEFAULT_UPLOAD_LIMIT_MB, isAllowedUploadContent, UPLOAD_FORMAT_MESSAGE, uploadSizeMessage } from '../../../shared/src/rules/account/upload.js';

export const UPLOAD_LIMIT_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;
/** Enough of the head for every signature the sniffer knows. */
const HEAD_BYTES = 4100;

export class UploadRefused extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

/** Plain text: no NUL and no control characters other than tab, new line, carriage return, form feed. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x0b) return false;
  return true;
}

export interface StoredFile { sha256: string; size: number; contentType: string }

export class DocumentStore {
  readonly dir: string;
  constructor(dir?: string) {
    this.dir = dir ?? join(tmpdir(), 'haven-files');
  }

  private pathOf(sha256: string) {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a content hash');
    return join(this.dir, sha256.slice(0, 2), sha256);
  }

  /** Streams the upload to disk while hashing it; refuses it (and keeps nothing) when too big or of a type not allowed. */
  async put(body: NodeJS.ReadableStream): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const temp = join(this.dir, `.upload-${randomUUID()}`);
    const hash = createHash('sha256');
    let size = 0;
    const headParts: Buffer[] = [];
    let headSize = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > UPLOAD_LIMIT_BYTES) return cb(new UploadRefused(413, uploadSizeMessage(DEFAULT_UPLOAD_LIMIT_MB)));
        if (headSize < HEAD_BYTES) { headParts.push(chunk); headSize += chunk.length; }
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
      const target = this.pathOf(sha256);
      await mkdir(join(this.dir, sha256.slice(0, 2)), { recursive: true });
      await rename(temp, target);
      return { sha256, size, contentType: detected?.mime ?? (detected?.ext === 'cfb' ? 'application/x-cfb' : 'text/plain; charset=utf-8') };
    } finally {
      await rm(temp, { force: true });
    }
  }

  read(sha256: string) {
    return createReadStream(this.pathOf(sha256));
  }

  /** Removes the bytes once no document row names them any more. */
  async releaseIfUnused(q: Queryable, sha256: string): Promise<void> {
    const [r] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE sha256 = $1`, [sha256]);
    if (r && r.n === 0) await rm(this.pathOf(sha256), { force: true });
  }
}
