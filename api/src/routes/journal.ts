// The patient's journal: list, write, edit, delete — each entry only ever reachable by its author.
import { Type } from '@sinclair/typebox';
import { notFound, type App } from '../core/http.js';
import { Nullable, Success } from '../core/schemas.js';
import { deleteJournalEntry, editJournalEntry, journalEntries, writeJournalEntry } from '../care/index.js';

const Mood = Type.Optional(
  Type.Union([Type.Literal('great'), Type.Literal('good'), Type.Literal('okay'), Type.Literal('low'), Type.Literal('bad')]),
);
const EntryBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  body: Type.String({ minLength: 1, maxLength: 20000 }),
  mood: Mood,
});
const Entry = Type.Object({
  uuid: Type.String(),
  title: Type.String(),
  body: Type.String(),
  mood: Nullable(Type.String()),
  created_at: Type.String(),
});
const Params = Type.Object({ uuid: Type.String({ format: 'uuid' }) });

export async function journalRoutes(app: App) {
  const db = app.ctx.db;
  const auth = { auth: true };

  app.get(
    '/journal_entries',
    {
      config: auth,
      schema: {
        tags: ['journal'],
        summary: 'My journal entries, newest first',
        response: { 200: Type.Object({ data: Type.Array(Entry) }) },
      },
    },
    async (req) => ({ data: await journalEntries(db, req.actor.id) }),
  );

  app.post(
    '/journal_entries',
    {
      config: auth,
      schema: { tags: ['journal'], summary: 'Write a journal entry', body: EntryBody, response: { 201: Type.Object({ data: Entry }) } },
    },
    async (req, reply) => {
      const e = await writeJournalEntry(db, req.actor.id, req.body);
      reply.status(201);
      return { data: e };
    },
  );

  app.put(
    '/journal_entries/:uuid',
    {
      config: auth,
      schema: {
        tags: ['journal'],
        summary: 'Edit a journal entry',
        params: Params,
        body: EntryBody,
        response: { 200: Type.Object({ data: Entry }) },
      },
    },
    async (req) => {
      const e = await editJournalEntry(db, req.actor.id, req.params.uuid, req.body);
      if (!e) throw notFound(`No journal entry ${req.params.uuid}`);
      return { data: e };
    },
  );

  app.delete(
    '/journal_entries/:uuid',
    {
      config: auth,
      schema: { tags: ['journal'], summary: 'Delete a journal entry', params: Params, response: { 200: Success } },
    },
    async (req) => {
      if (!(await deleteJournalEntry(db, req.actor.id, req.params.uuid))) throw notFound(`No journal entry ${req.params.uuid}`);
      return { success: true };
    },
  );
}
