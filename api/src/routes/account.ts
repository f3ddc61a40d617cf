// The patient's account: profiles and added members, e-mail and phone changes confirmed by a
// one-time code, documents and identity uploads (bytes outside the database, by content hash, only to
// their owner), and closing the account for good.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, rateLimited, unprocessable, type App } from '../core/http.js';
import { Nullable, Success, User, Uuid } from '../core/schemas.js';
import {
  accountCodeDestination,
  answerUser,
  dateOnly,
  findUser,
  normaliseEmail,
  normalisePhone,
  requirePrimary,
  sendAccountCode,
  useCode,
  type Destination,
  type UserRow,
} from '../identity/index.js';
import { limitsOf } from '../core/limits.js';
import {
  addProfile,
  closeAccount,
  confirmContactChange,
  contactJson,
  contactsOf,
  deleteDocumentRecord,
  documentJson,
  documentOf,
  documentsOf,
  DocumentStore,
  eraseUser,
  MAX_PROFILES,
  memberIdsOf,
  memberPlan,
  PARENT_CONTACT_ADULT_MESSAGE,
  recordDocument,
  removeContact,
  reserveUpload,
  safeFileName,
  saveContact,
  pendingContactChanges,
  startContactChange,
  uploadAccountOf,
  UPLOAD_LIMIT_BYTES,
  UPLOAD_WINDOW_MS,
  UploadRefused,
} from '../accounts/index.js';
import { DEFAULT_UPLOAD_HOURLY_MB } from '../core/config.js';
import { DEFAULT_UPLOAD_LIMIT_MB, isAdult, isValidName, normaliseName, PROFILE_RELATIONSHIPS, uploadSizeMessage } from '@haven/rules';
import { accountCloseCode } from '../messages/index.js';

const auth = { auth: true };
/** What the closing form asks the patient to type. */
export const CLOSE_CONFIRMATION = 'CLOSE';

const EMAIL = Type.String({ format: 'email', maxLength: 254 });
const ProfileBody = Type.Object({
  kind: Type.Union([Type.Literal('profile'), Type.Literal('member')]),
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  date_of_birth: Type.Optional(Type.String({ format: 'date' })),
  gender: Type.Optional(
    Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('non_binary'), Type.Literal('prefer_not_to_say')]),
  ),
  relationship: Type.Optional(
    Type.Union(
      PROFILE_RELATIONSHIPS.map((r) => Type.Literal(r)),
      { description: 'who the profile is for; required (child or ward) with a birth date under 18, which a child or ward requires' },
    ),
  ),
});
const DocumentJson = Type.Object({
  uuid: Type.String(),
  kind: Type.String(),
  file_name: Type.String(),
  content_type: Type.String(),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  created_at: Type.String(),
});

const ContactJson = Type.Object({
  uuid: Type.String(),
  kind: Type.String(),
  name: Type.String(),
  relation: Type.String(),
  mobile: Type.String(),
  country_code: Type.String(),
  phone_e164: Type.String(),
  updated_at: Type.String(),
});
/** A profile with a birth date under 18 (the parent contact applies to it). */
const isMinor = (u: UserRow) => u.date_of_birth != null && !isAdult(dateOnly(u.date_of_birth)!, new Date());

/** The account's routes, in the order of the OpenAPI document. */
export async function accountRoutes(app: App) {
  const store = new DocumentStore(app.ctx.fileStorage);
  profileRoutes(app, store);
  contactChangeRoutes(app);
  contactRoutes(app);
  await documentRoutes(app, store);
  closingRoutes(app, store);
}

function profileRoutes(app: App, store: DocumentStore) {
  const { ctx } = app;
  const db = ctx.db;
  app.post(
    '/customers/profiles',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: `Create a secondary profile (kind profile, at most ${MAX_PROFILES}) or an added member (kind member, capped by the plan's max_member_count)`,
        body: ProfileBody,
        response: { 200: Type.Object({ data: User }) },
      },
    },
    async (req) => {
      requirePrimary(req, 'add a profile');
      const b = req.body;
      if (b.date_of_birth && new Date(b.date_of_birth).getTime() > Date.now())
        throw new HttpError(400, 'body/date_of_birth must be in the past');
      const id = await addProfile(db, req.user, b, Date.now());
      return { data: await answerUser(ctx, (await findUser(db, 'id', id))!) };
    },
  );

  app.get(
    '/customers/members',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Added members of this account and the plan cap',
        response: {
          200: Type.Object({
            data: Type.Array(User),
            meta: Type.Object({ show_add_member: Type.Boolean(), added_member_count: Type.Integer(), max_member_count: Type.Integer() }),
          }),
        },
      },
    },
    async (req) => {
      const data = [];
      for (const id of await memberIdsOf(db, req.user.id)) data.push(await answerUser(ctx, (await findUser(db, 'id', id))!));
      const plan = await memberPlan(db, req.user);
      return { data, meta: { show_add_member: plan.show, added_member_count: data.length, max_member_count: plan.max } };
    },
  );

  app.delete(
    '/customers/profiles/:uuid',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Delete one of my secondary profiles or added members: its documents and journal are deleted, upcoming sessions cancelled',
        params: Type.Object({ uuid: Uuid }),
        response: { 200: Success },
      },
    },
    async (req) => {
      const prof = await findUser(db, 'uuid', req.params.uuid);
      if (!prof || prof.parent_user_id !== req.user.id) throw notFound(`No profile ${req.params.uuid}`);
      await eraseUser(ctx, store, prof.id, req.log);
      return { success: true };
    },
  );
}

/** E-mail and phone changes, confirmed by a code sent to the new address. */
function contactChangeRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const ContactTarget = Type.Union([
    Type.Object({ kind: Type.Literal('email'), email: EMAIL }),
    Type.Object({
      kind: Type.Literal('phone'),
      mobile: Type.String({ pattern: '^[0-9 ()+-]{4,20}$' }),
      country_code: Type.String({ pattern: '^\\+?[0-9]{1,4}$' }),
    }),
  ]);
  app.post(
    '/customers/contact_change',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Start changing my e-mail or phone: a code goes to the new address; nothing changes until it comes back',
        body: ContactTarget,
        response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
      },
    },
    async (req) => {
      requirePrimary(req, 'change your e-mail or phone');
      const b = req.body;
      const d: Destination =
        b.kind === 'email'
          ? { kind: 'email', value: normaliseEmail(b.email) }
          : (() => {
              const phone = normalisePhone(b.country_code, b.mobile);
              return { kind: 'phone' as const, value: phone.e164, phone };
            })();
      const channel = d.kind === 'email' ? 'email' : 'sms';
      const limits = limitsOf(ctx);
      await limits.takeAll([
        ['contact_change_address', req.ip],
        ['contact_change_user', String(req.user.id)],
        ['otp_send_destination', `${channel}:${d.value}`],
      ]);
      // Whether another account holds the address is not told here (no answer tells whether an account
      // exists); the change is refused only after the code proves the address is the requester's.
      await startContactChange(db, req.user.id, d);
      return { success: true as const, message: `A code was sent to ${d.value}`, expires_in: 600 };
    },
  );
  app.get(
    '/customers/contact_change',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary:
          'My e-mail or phone changes waiting for their code (one sent at sign-up or from the profile): where each code went, so it can be entered later',
        response: {
          200: Type.Object({
            data: Type.Array(Type.Object({ kind: Type.Union([Type.Literal('email'), Type.Literal('phone')]), destination: Type.String() })),
          }),
        },
      },
    },
    async (req) => {
      requirePrimary(req, 'change your e-mail or phone');
      return { data: await pendingContactChanges(db, req.user.id) };
    },
  );
  app.post(
    '/customers/contact_change/verify',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Confirm the pending e-mail or phone change with the code sent to the new address',
        body: Type.Object({
          kind: Type.Union([Type.Literal('email'), Type.Literal('phone')]),
          code: Type.String({ pattern: '^[0-9]{4,8}$' }),
        }),
        response: { 200: Type.Object({ data: User }) },
      },
    },
    async (req) => {
      requirePrimary(req, 'change your e-mail or phone');
      await confirmContactChange(ctx, req.user.id, req.body.kind, req.body.code);
      return { data: await answerUser(ctx, (await findUser(db, 'id', req.user.id))!) };
    },
  );
}

/** Emergency and parent contacts of the acting profile (paths carry the anomaly check's exempt name). */
function contactRoutes(app: App) {
  const db = app.ctx.db;
  app.get(
    '/customers/emergency_contact',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary:
          "The acting profile's emergency contact and (under 18) parent contact; parent_contact_applies says whether the profile is a minor",
        response: { 200: Type.Object({ data: Type.Array(ContactJson), meta: Type.Object({ parent_contact_applies: Type.Boolean() }) }) },
      },
    },
    async (req) => {
      return { data: (await contactsOf(db, req.actor.id)).map(contactJson), meta: { parent_contact_applies: isMinor(req.actor) } };
    },
  );
  app.put(
    '/customers/emergency_contact/:kind',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary:
          "Save the acting profile's emergency contact, or its parent contact (only for a profile under 18); the number is kept in E.164",
        params: Type.Object({ kind: Type.Union([Type.Literal('emergency'), Type.Literal('parent')]) }),
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 100 }),
          relation: Type.String({ minLength: 1, maxLength: 50 }),
          mobile: Type.String({ pattern: '^[0-9 ()+-]{4,20}$' }),
          country_code: Type.String({ pattern: '^\\+?[0-9]{1,4}$' }),
        }),
        response: { 200: Type.Object({ data: ContactJson }) },
      },
    },
    async (req) => {
      const b = req.body;
      if (req.params.kind === 'parent' && !isMinor(req.actor)) throw unprocessable(PARENT_CONTACT_ADULT_MESSAGE);
      if (!isValidName(b.name))
        throw unprocessable('Enter a name with letters (spaces, dots, apostrophes and hyphens are fine)', { field: 'name' });
      const relation = normaliseName(b.relation);
      if (!relation) throw unprocessable('Say how this person is related to you', { field: 'relation' });
      const phone = normalisePhone(b.country_code, b.mobile);
      const row = await saveContact(db, req.actor.id, req.params.kind, { name: normaliseName(b.name), relation, phone });
      return { data: contactJson(row) };
    },
  );
  app.delete(
    '/customers/emergency_contact/:uuid',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: "Remove one of the acting profile's contacts (404 for anyone else's)",
        params: Type.Object({ uuid: Uuid }),
        response: { 200: Success },
      },
    },
    async (req) => {
      if (!(await removeContact(db, req.actor.id, req.params.uuid))) throw notFound(`No contact ${req.params.uuid}`);
      return { success: true };
    },
  );
}

/** Documents and identity files: uploaded as a stream, read and deleted only by their owner. */
async function documentRoutes(app: App, store: DocumentStore) {
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

function closingRoutes(app: App, store: DocumentStore) {
  const { ctx } = app;
  app.post(
    '/customers/permanent_account_disable/code',
    {
      config: auth,
      schema: {
        tags: ['account'],
        summary: 'Send the code that confirms closing the account (to its e-mail, else its phone)',
        response: { 200: Type.Object({ success: Type.Literal(true), sent_to: Type.String(), channel: Type.String() }) },
      },
    },
    async (req) => {
      requirePrimary(req, 'close the account');
      const d = await sendAccountCode(
        ctx,
        req.user,
        req.ip,
        'account-close',
        { user: 'account_close_user', address: 'account_close_address' },
        accountCloseCode,
      );
      return { success: true as const, sent_to: d.to, channel: d.channel };
    },
  );
  app.post(
    '/customers/permanent_account_disable',
    {
      config: auth,
      schema: {
        tags: ['account'],
        summary: `Close the account for good: body confirm "${CLOSE_CONFIRMATION}" and the code; every profile, document and device session ends`,
        body: Type.Object({ confirm: Type.Literal(CLOSE_CONFIRMATION), code: Type.String({ pattern: '^[0-9]{4,8}$' }) }),
        response: { 200: Type.Object({ success: Type.Literal(true), closed_at: Nullable(Type.String()) }) },
      },
    },
    async (req) => {
      requirePrimary(req, 'close the account');
      const d = accountCodeDestination(req.user);
      await useCode(ctx, 'account-close', d.to, req.body.code);
      await closeAccount(ctx, store, req.user.id, req.log);
      return { success: true as const, closed_at: new Date().toISOString() };
    },
  );
}
