// The documents and identity files a profile uploaded: their records (the bytes are in the DocumentStore,
// by content hash), listed, read and deleted only by their owner.
import type { Queryable } from '../db/index.js';
import type { StoredFile } from './documents.js';

export interface DocumentRow {
  id: number;
  uuid: string;
  kind: string;
  file_name: string;
  content_type: string;
  size_bytes: string | number;
  sha256: string;
  created_at: Date;
}
export const documentJson = (d: DocumentRow) => ({
  uuid: d.uuid,
  kind: d.kind,
  file_name: d.file_name,
  content_type: d.content_type,
  size_bytes: Number(d.size_bytes),
  sha256: d.sha256,
  created_at: new Date(d.created_at).toISOString(),
});

/** A file name that can go back out in Content-Disposition: no path separators or control characters. */
export const safeFileName = (name: string) => [...name].map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 ? '_' : c)).join('');

export async function recordDocument(
  q: Queryable,
  userId: number,
  kind: string,
  fileName: string,
  stored: StoredFile,
): Promise<DocumentRow> {
  const [row] = await q.query<DocumentRow>(
    `INSERT INTO documents (user_id, kind, file_name, content_type, size_bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [userId, kind, fileName, stored.contentType, stored.size, stored.sha256],
  );
  return row!;
}

/** The profile's documents, newest first (of one kind when given). */
export async function documentsOf(q: Queryable, userId: number, kind: string | null): Promise<DocumentRow[]> {
  return q.query<DocumentRow>(
    `SELECT * FROM documents WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY created_at DESC, id DESC`,
    [userId, kind],
  );
}

/** One of the profile's documents; undefined for anyone else's. */
export async function documentOf(q: Queryable, userId: number, uuid: string): Promise<DocumentRow | undefined> {
  const [row] = await q.query<DocumentRow>(`SELECT * FROM documents WHERE uuid::text = $1 AND user_id = $2`, [uuid, userId]);
  return row;
}

export async function deleteDocumentRecord(q: Queryable, id: number): Promise<void> {
  await q.query(`DELETE FROM documents WHERE id = $1`, [id]);
}
