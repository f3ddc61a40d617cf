// The patient's journal: each entry only ever reachable by its author.
import type { Queryable } from '../db/index.js';

export type Mood = 'great' | 'good' | 'okay' | 'low' | 'bad';
export interface JournalInput {
  title: string;
  body: string;
  mood?: Mood;
}
interface EntryRow {
  uuid: string;
  title: string;
  body: string;
  mood: string | null;
  created_at: Date;
}
const entry = (e: EntryRow) => ({ ...e, created_at: new Date(e.created_at).toISOString() });
const COLUMNS = 'uuid::text, title, body, mood, created_at';

/** The user's journal entries, newest first. */
export async function journalEntries(q: Queryable, userId: number) {
  return (
    await q.query<EntryRow>(`SELECT ${COLUMNS} FROM journal_entries WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId])
  ).map(entry);
}

/** Writes a journal entry. */
export async function writeJournalEntry(q: Queryable, userId: number, e: JournalInput) {
  const [row] = await q.query<EntryRow>(
    `INSERT INTO journal_entries (user_id, title, body, mood) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [userId, e.title, e.body, e.mood ?? null],
  );
  return entry(row!);
}

/** Edits the user's own entry; undefined when there is no such entry of theirs. */
export async function editJournalEntry(q: Queryable, userId: number, uuid: string, e: JournalInput) {
  const [row] = await q.query<EntryRow>(
    `UPDATE journal_entries SET title = $3, body = $4, mood = $5 WHERE uuid::text = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [uuid, userId, e.title, e.body, e.mood ?? null],
  );
  return row ? entry(row) : undefined;
}

/** Deletes the user's own entry; false when there is no such entry of theirs. */
export async function deleteJournalEntry(q: Queryable, userId: number, uuid: string): Promise<boolean> {
  return (await q.query(`DELETE FROM journal_entries WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [uuid, userId])).length > 0;
}
