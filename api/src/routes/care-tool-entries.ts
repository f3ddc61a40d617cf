// What a patient writes in a care tool that asks for input: the fields it asks for, my entries, save and
// delete; each entry only ever reachable by its author (the acting profile).
import { Type } from '@sinclair/typebox';
import { MAX_ANSWER_LENGTH } from '@haven/rules';
import type { App } from '../core/http.js';
import { ErrorBody, Literals, Success } from '../core/schemas.js';
import { deleteToolEntry, saveToolEntry, toolEntriesOf, toolFields } from '../care/index.js';

const auth = { auth: true };
const Slug = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) });
const Field = Type.Object({
  name: Type.String(),
  label: Type.String(),
  kind: Literals(['text', 'rating'] as const),
  optional: Type.Optional(Type.Boolean()),
});
const Answer = Type.Union([Type.String({ maxLength: MAX_ANSWER_LENGTH }), Type.Integer({ minimum: 0, maximum: 100 })]);
const Answers = Type.Record(Type.String({ pattern: '^[a-z_]{1,40}$' }), Answer, { maxProperties: 20 });
const Entry = Type.Object({ uuid: Type.String(), answers: Answers, created_at: Type.String() });

export async function careToolEntryRoutes(app: App) {
  const db = app.ctx.db;

  app.get(
    '/care_tools/:slug/entries',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'The fields a care tool asks for ([]: none) and my entries of it, newest first',
        params: Slug,
        response: { 200: Type.Object({ fields: Type.Array(Field), data: Type.Array(Entry) }), 404: ErrorBody },
      },
    },
    async (req) => {
      const tool = await toolFields(db, req.params.slug);
      return { fields: tool.fields, data: await toolEntriesOf(db, req.actor.id, tool.id) };
    },
  );

  app.post(
    '/care_tools/:slug/entries',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'Save what I wrote in a care tool (checked against its fields)',
        params: Slug,
        body: Type.Object({ answers: Answers }),
        response: { 201: Type.Object({ data: Entry }), 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (req, reply) => {
      const entry = await saveToolEntry(db, req.actor.id, await toolFields(db, req.params.slug), req.body.answers);
      reply.status(201);
      return { data: entry };
    },
  );

  app.delete(
    '/care_tool_entries/:uuid',
    {
      config: auth,
      schema: {
        tags: ['content'],
        summary: 'Delete one of my care tool entries',
        params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
        response: { 200: Success, 404: ErrorBody },
      },
    },
    async (req) => {
      await deleteToolEntry(db, req.actor.id, req.params.uuid);
      return { success: true };
    },
  );
}
