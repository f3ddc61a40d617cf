// Documents and identity uploads: bytes outside the database, by content hash, only to their owner.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, rateLimited, type App } from '../core/http.js';
import { Success, Uuid } from '../core/schemas.js';
import { limitsOf } from '../core/limits.js';
import {
  deleteDocumentRecord,
  documentJson,
  documentOf,
  documentsOf,
  DocumentStore,
  recordDocument,
  reserveUpload,
  safeFileName,
  uploadAccountOf,
  UPLOAD_LIMIT_BYTES,
  UPLOAD_WINDOW_MS,
  UploadRefused,
} from '../accounts/index.js';
import { DEFAULT_UPLOAD_HOURLY_MB } from '../core/config.js';
import { DEFAULT_UPLOAD_LIMIT_MB, uploadSizeMessage } from '@haven/rules';

const auth = { auth: true };

const DocumentJson = Type.Object({
  uuid: Type.String(),
  kind: Type.String(),
  file_name: Type.String(),
  content_type: Type.String(),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  created_at: Type.String(),
});

/** Documents and identity files: uploaded as a stream, read and deleted only by their owner. */
export async function documentRoutes(app: App) {
  const store = new DocumentStore(app.ctx.fileStorage);
  const { ctx } = app;
  const db = ctx.db;
  await app.register(async (scope) => {
    const files = scope as App;
    // The body stays a stream: it is hashed and written to disk as it arrives, never held in memory.
    // Boxed in a non-enumerable property: the app's body checks walk a body's fields, and a socket's
    // fields never end.
    files.addContentTypeParser('application/octet-stream', (_req, payload, done) =>
      done(null, Object.defineProperty({}, 'stream', { value: payload, enumerable: false })),
    );
    files.post(
      '/customers/documents',
      {
        config: auth,
        bodyLimit: UPLOAD_LIMIT_BYTES,
        schema: {
          tags: ['documents'],
          summary: `Upload a document or identity file (raw bytes, application/octet-stream, at most ${DEFAULT_UPLOAD_LIMIT_MB} MB); the type is read from the content`,
          querystring: Type.Object({
            kind: Type.Union([Type.Literal('document'), Type.Literal('identity')]),
            file_name: Type.String({ minLength: 1, maxLength: 200 }),
          }),
          response: { 200: Type.Object({ data: DocumentJson }) },
        },
        // The spec's size message for a body over the limit; the app's error handler answers it.
        errorHandler: (err: Error & { code?: string }) => {
          throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new HttpError(413, uploadSizeMessage(DEFAULT_UPLOAD_LIMIT_MB)) : err;
        },
      },
      async (req) => {
        const body = (req.body as { stream?: NodeJS.ReadableStream } | undefined)?.stream;
        if (!body || typeof body.pipe !== 'function') throw new HttpError(415, 'Send the file as application/octet-stream');
        // The account's quota (the parent and its profiles together), counted before a byte is read:
        // files per hour (upload_account), and bytes per hour reserved from the announced size.
        const account = await uploadAccountOf(db, req.actor.id);
        const limits = limitsOf(ctx);
        await limits.take('upload_address', req.ip);
        await limits.take('upload_account', String(account));
        const length = Number(req.headers['content-length']);
        const reservation = await reserveUpload(
          db,
          account,
          Number.isFinite(length) && length >= 0 ? length : undefined,
          ctx.uploadHourlyBytes ?? DEFAULT_UPLOAD_HOURLY_MB * 1024 * 1024,
          limits.now(),
        );
        let stored;
        try {
          stored = await store.put(body, reservation.maxBytes);
        } catch (e) {
          await reservation.settle(0);
          if (e instanceof UploadRefused)
            throw e.status === 429 ? rateLimited(UPLOAD_WINDOW_MS / 1000, e.message) : new HttpError(e.status, e.message);
          throw e;
        }
        await reservation.settle(stored.size);
        const row = await recordDocument(db, req.actor.id, req.query.kind, safeFileName(req.query.file_name), stored);
        return { data: documentJson(row) };
      },
    );
  });
  app.get(
    '/customers/documents',
    {
      config: auth,
      schema: {
        tags: ['documents'],
        summary: 'My documents and identity files, newest first',
        querystring: Type.Object({ kind: Type.Optional(Type.Union([Type.Literal('document'), Type.Literal('identity')])) }),
        response: { 200: Type.Object({ data: Type.Array(DocumentJson) }) },
      },
    },
    async (req) => {
      return { data: (await documentsOf(db, req.actor.id, req.query.kind ?? null)).map(documentJson) };
    },
  );
  const mine = async (actorId: number, uuid: string) => {
    const row = await documentOf(db, actorId, uuid);
    if (!row) throw notFound(`No document ${uuid}`);
    return row;
  };
  app.get(
    '/customers/documents/:uuid/file',
    {
      config: auth,
      schema: {
        tags: ['documents'],
        summary: "Download one of my documents (404 for anyone else's)",
        params: Type.Object({ uuid: Uuid }),
        // The bytes as stored, in their own content type (Fastify sends a stream or buffer as is).
        response: { 200: Type.Unsafe<NodeJS.ReadableStream>({ type: 'string', format: 'binary', description: "The document's bytes" }) },
      },
    },
    async (req, reply) => {
      const doc = await mine(req.actor.id, req.params.uuid);
      reply.header('content-type', doc.content_type);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(await store.read(doc.sha256));
    },
  );
  app.delete(
    '/customers/documents/:uuid',
    {
      config: auth,
      schema: {
        tags: ['documents'],
        summary: 'Delete one of my documents',
        params: Type.Object({ uuid: Uuid }),
        response: { 200: Success },
      },
    },
    async (req) => {
      const doc = await mine(req.actor.id, req.params.uuid);
      await deleteDocumentRecord(db, doc.id);
      await store.releaseIfUnused(db, doc.sha256);
      return { success: true };
    },
  );
}
