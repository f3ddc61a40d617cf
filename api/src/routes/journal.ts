// The patient's journal: list, write, edit, delete — each entry only ever reachable by its author.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Nullable, Success } from '../core/schemas.js';

const Mood = Type.Optional(Type.Union([Type.Literal('great'), Type.Literal('good'), Type.Literal('okay'), Type.Literal('low'), Type.Literal('bad')]));
const EntryBody = Type.Object({ title: Type.String({ minLength: 1, maxLength: 200 }), body: Type.String({ minLength: 1, maxLength: 20000 }), mood: Mood });
const Entry = Type.Object({ uuid: Type.String(), title: Type.String(), body: Type.String(), mood: Nullable(Type.String()), created_at: Type.String() });
const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
interface EntryRow { uuid: string; title: string; body: string; mood: string | null; created_at: Date }
const entry = (e: EntryRow) => ({ ...e, created_at: new Date(e.created_at).toISOString() });
const COLUMNS = 'uuid::text, title, body, mood, created_at';

export async function journalRoutes(app: App) {
  const db = app.ctx.db;
  const auth = { auth: true };

  app.get('/journal_entries', {
    config: auth, schema: { tags: ['journal'], summary: 'My journal entries, newest first', response: { 200: Type.Object({ data: Type.Array(Entry) }) } },
  }, async (req) => ({
    data: (await db.query<EntryRow>(`SELECT ${COLUMNS} FROM journal_entries WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [req.actor.id])).map(entry),
  }));

  app.post('/journal_entries', {
    config: auth, schema: { tags: ['journal'], summary: 'Write a journal entry', body: EntryBody, response: { 201: Type.Object({ data: Entry }) } },
  }, async (req, reply) => {
    const [e] = await db.query<EntryRow>(`INSERT INTO journal_entries (user_id, title, body, mood) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [req.actor.id, req.body.title, req.body.body, req.body.mood ?? null]);
    reply.status(201);
    return { data: entry(e!) };
  });

  app.put('/journal_entries/:uuid', {
    config: auth, schema: { tags: ['journal'], summary: 'Edit a journal entry', params: Params, body: EntryBody, response: { 200: Type.Object({ data: Entry }) } },
  }, async (req) => {
    const [e] = await db.query<EntryRow>(`UPDATE journal_entries SET title = $3, body = $4, mood = $5 WHERE uuid::text = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [req.params.uuid, req.actor.id, req.body.title, req.body.body, req.body.mood ?? null]);
    if (!e) throw notFound(`No journal entry ${req.params.uuid}`);
    return { data: entry(e) };
  });

  app.delete('/journal_entries/:uuid', {
    config: auth, schema: { tags: ['journal'], summary: 'Delete a journal entry', params: Params, response: { 200: Success } },
  }, async (req) => {
    const r = await db.query(`DELETE FROM journal_entries WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [req.params.uuid, req.actor.id]);
    if (r.length === 0) throw notFound(`No journal entry ${req.params.uuid}`);
    return { success: true };
  });
}
