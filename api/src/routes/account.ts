// The patient's account: profiles and added members, e-mail and phone changes confirmed by a
// one-time code, documents and identity uploads (bytes outside the database, by content hash, only to
// their owner), and closing the account for good.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, rateLimited, unprocessable, type App, type Ctx } from '../core/http.js';
import { Nullable, Success, User, Uuid } from '../core/schemas.js';
import { accountCodeDestination, answerUser, dateOnly, endSessionsEverywhere, findUser, issueCode, normaliseEmail, normalisePhone, requirePrimary, sendAccountCode, useCode, type Destination, type UserRow } from '../identity/index.js';
import { deliver } from '../core/outbox.js';
import { limitsOf } from '../core/limits.js';
import type { Queryable } from '../db/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { refundCancelledBooking } from '../payments/index.js';
import { DocumentStore, reserveUpload, uploadAccountOf, UPLOAD_LIMIT_BYTES, UPLOAD_WINDOW_MS, UploadRefused } from '../accounts/index.js';
import { DEFAULT_UPLOAD_HOURLY_MB } from '../core/config.js';
import { DEFAULT_UPLOAD_LIMIT_MB, isAdult, isValidName, normaliseName, uploadSizeMessage } from '@haven/rules';

const auth = { auth: true };
/** Secondary profiles one account may hold (added members have their plan's own cap). */
export const MAX_PROFILES = 5;
/** What the closing form asks the patient to type. */
export const CLOSE_CONFIRMATION = 'CLOSE';
export const MEMBER_CAP_MESSAGE = 'You have added as many members as your plan allows.';

const EMAIL = Type.String({ format: 'email', maxLength: 254 });
const ProfileBody = Type.Object({
  kind: Type.Union([Type.Literal('profile'), Type.Literal('member')]),
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  date_of_birth: Type.Optional(Type.String({ format: 'date' })),
  gender: Type.Optional(Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('non_binary'), Type.Literal('prefer_not_to_say')])),
});
const DocumentJson = Type.Object({
  uuid: Type.String(), kind: Type.String(), file_name: Type.String(), content_type: Type.String(), size_bytes: Type.Integer(), sha256: Type.String(), created_at: Type.String(),
});
interface DocumentRow { id: number; uuid: string; kind: string; file_name: string; content_type: string; size_bytes: string | number; sha256: string; created_at: Date }
const documentJson = (d: DocumentRow) => ({
  uuid: d.uuid, kind: d.kind, file_name: d.file_name, content_type: d.content_type, size_bytes: Number(d.size_bytes), sha256: d.sha256, created_at: new Date(d.created_at).toISOString(),
});

export const PARENT_CONTACT_ADULT_MESSAGE = 'A parent contact is kept only for a profile under 18.';
const ContactJson = Type.Object({
  uuid: Type.String(), kind: Type.String(), name: Type.String(), relation: Type.String(), mobile: Type.String(), country_code: Type.String(), phone_e164: Type.String(), updated_at: Type.String(),
});
interface ContactRow { uuid: string; kind: string; name: string; relation: string; phone_e164: string; country_code: string; national: string; updated_at: Date }
const contactJson = (c: ContactRow) => ({
  uuid: c.uuid, kind: c.kind, name: c.name, relation: c.relation, mobile: c.national, country_code: c.country_code, phone_e164: c.phone_e164, updated_at: new Date(c.updated_at).toISOString(),
});
/** A profile with a birth date under 18 (the parent contact applies to it). */
const isMinor = (u: UserRow) => u.date_of_birth != null && !isAdult(dateOnly(u.date_of_birth)!, new Date());

/** Member cap of the account's plan: the organisation's visibility (showaddmember) and max_member_count. */
async function memberPlan(q: Queryable, user: UserRow) {
  const [org] = user.organisation_id
    ? await q.query<{ visibility: Record<string, unknown>; max_member_count: number }>(`SELECT visibility, max_member_count FROM organisations WHERE id = $1`, [user.organisation_id])
    : [];
  return { show: Boolean(org?.visibility?.showaddmember), max: org?.max_member_count ?? 0 };
}

/**
 * A profile (or the whole account) leaves: its documents are deleted with their bytes, it stops being
 * anyone's profile, and every identifier, name and birth date is removed. The row stays only so past
 * bookings and payments keep their references; nothing in it points to a person any more.
 */
async function eraseUser(ctx: Ctx, store: DocumentStore, userId: number, log: FastifyBaseLogger) {
  const docs = await ctx.db.query<{ sha256: string }>(`DELETE FROM documents WHERE user_id = $1 RETURNING sha256`, [userId]);
  for (const d of docs) await store.releaseIfUnused(ctx.db, d.sha256);
  await ctx.db.query(`DELETE FROM journal_entries WHERE user_id = $1`, [userId]);
  const cancelled = await ctx.db.query<{ id: number }>(`UPDATE bookings SET status = 'cancelled', cancel_reason = 'account closed' WHERE user_id = $1 AND status IN ('pending', 'confirmed') AND end_time > now() RETURNING id`, [userId]);
  for (const b of cancelled) await refundCancelledBooking(ctx, b.id, 'account closed', (ctx.clock ?? Date.now)(), log);
  await ctx.db.query(`DELETE FROM contact_changes WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM profile_contacts WHERE user_id = $1`, [userId]);
  await ctx.db.query(`DELETE FROM linked_accounts WHERE user_id = $1`, [userId]);
  await ctx.db.query(
    `UPDATE users SET parent_user_id = NULL, member_kind = NULL, email = NULL, mobile = NULL, password_hash = NULL, pin_hash = NULL, avatar_file = NULL, crn = NULL, first_name = '', last_name = '',
       gender = NULL, date_of_birth = NULL, email_verified_at = NULL, mobile_verified_at = NULL, is_verified = false, closed_at = now() WHERE id = $1`, [userId]);
  await endSessionsEverywhere(ctx.db, userId, 'account_closed');
}

export async function accountRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;
  const store = new DocumentStore(ctx.filesDir);

  // ---- profiles and added members ----
  app.post('/customers/profiles', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: `Create a secondary profile (kind profile, at most ${MAX_PROFILES}) or an added member (kind member, capped by the plan's max_member_count)`,
      body: ProfileBody, response: { 200: Type.Object({ data: User }) },
    },
  }, async (req) => {
    requirePrimary(req, 'add a profile');
    const b = req.body;
    if (b.date_of_birth && new Date(b.date_of_birth).getTime() > Date.now()) throw new HttpError(400, 'body/date_of_birth must be in the past');
    const id = await db.tx(async (q) => {
      // One creation at a time per account, so two parallel requests cannot both take the last place.
      await q.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [req.user.id]);
      const [{ n }] = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE parent_user_id = $1 AND member_kind = $2`, [req.user.id, b.kind])) as [{ n: number }];
      if (b.kind === 'member') {
        const plan = await memberPlan(q, req.user);
        if (!plan.show || n >= plan.max) throw unprocessable(MEMBER_CAP_MESSAGE, { code: 'member_cap', max_member_count: plan.max });
      } else if (n >= MAX_PROFILES) {
        throw unprocessable(`An account can hold at most ${MAX_PROFILES} profiles.`, { code: 'profile_cap' });
      }
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO users (firebaseid, usertype, first_name, last_name, gender, date_of_birth, organisation_id, parent_user_id, member_kind, is_verified, is_first_time_haven_user, country_code)
         VALUES ('fb-' || gen_random_uuid(), $1, $2, $3, $4, $5::date, $6, $7, $8, true, true, $9) RETURNING id`,
        [req.user.usertype, b.first_name.trim(), (b.last_name ?? '').trim(), b.gender ?? null, b.date_of_birth ?? null, req.user.organisation_id, req.user.id, b.kind, req.user.country_code]);
      await q.query(`INSERT INTO consents (user_id) VALUES ($1)`, [row!.id]);
      return row!.id;
    });
    return { data: await answerUser(ctx, (await findUser(db, 'id', id))!) };
  });

  app.get('/customers/members', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'Added members of this account and the plan cap',
      response: { 200: Type.Object({ data: Type.Array(User), meta: Type.Object({ show_add_member: Type.Boolean(), added_member_count: Type.Integer(), max_member_count: Type.Integer() }) }) },
    },
  }, async (req) => {
    const rows = await db.query<{ id: number }>(`SELECT id FROM users WHERE parent_user_id = $1 AND member_kind = 'member' ORDER BY id`, [req.user.id]);
    const data = [];
    for (const { id } of rows) data.push(await answerUser(ctx, (await findUser(db, 'id', id))!));
    const plan = await memberPlan(db, req.user);
    return { data, meta: { show_add_member: plan.show, added_member_count: data.length, max_member_count: plan.max } };
  });

  app.delete('/customers/profiles/:uuid', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'Delete one of my secondary profiles or added members: its documents and journal are deleted, upcoming sessions cancelled',
      params: Type.Object({ uuid: Uuid }), response: { 200: Success },
    },
  }, async (req) => {
    const prof = await findUser(db, 'uuid', req.params.uuid);
    if (!prof || prof.parent_user_id !== req.user.id) throw notFound(`No profile ${req.params.uuid}`);
    await eraseUser(ctx, store, prof.id, req.log);
    return { success: true };
  });

  // ---- e-mail and phone changes, confirmed by a code sent to the new address ----
  const ContactTarget = Type.Union([
    Type.Object({ kind: Type.Literal('email'), email: EMAIL }),
    Type.Object({ kind: Type.Literal('phone'), mobile: Type.String({ pattern: '^[0-9 ()+-]{4,20}$' }), country_code: Type.String({ pattern: '^\\+?[0-9]{1,4}$' }) }),
  ]);
  app.post('/customers/contact_change', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'Start changing my e-mail or phone: a code goes to the new address; nothing changes until it comes back',
      body: ContactTarget, response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
    },
  }, async (req) => {
    requirePrimary(req, 'change your e-mail or phone');
    const b = req.body;
    const d: Destination = b.kind === 'email'
      ? { kind: 'email', value: normaliseEmail(b.email) }
      : (() => { const phone = normalisePhone(b.country_code, b.mobile); return { kind: 'phone' as const, value: phone.e164, phone }; })();
    const channel = d.kind === 'email' ? 'email' : 'sms';
    const limits = limitsOf(ctx);
    await limits.takeAll([['contact_change_address', req.ip], ['contact_change_user', String(req.user.id)], ['otp_send_destination', `${channel}:${d.value}`]]);
    // Whether another account holds the address is not told here (no answer tells whether an account
    // exists); the change is refused only after the code proves the address is the requester's.
    await db.tx(async (q) => {
      await q.query(`INSERT INTO contact_changes (user_id, kind, destination, country_code, national) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (user_id, kind) DO UPDATE SET destination = EXCLUDED.destination, country_code = EXCLUDED.country_code, national = EXCLUDED.national, created_at = now()`,
      [req.user.id, d.kind, d.value, d.kind === 'phone' ? d.phone.countryCode : null, d.kind === 'phone' ? d.phone.national : null]);
      const code = await issueCode(q, d.kind === 'email' ? 'email-change' : 'phone-change', channel, d.value);
      await deliver(q, { channel, to: d.value, subject: 'Confirm your new Haven contact', body: `${code} is your code to confirm this ${d.kind === 'email' ? 'e-mail address' : 'number'} for your Haven account. It expires in 10 minutes.`, code });
    });
    return { success: true as const, message: `A code was sent to ${d.value}`, expires_in: 600 };
  });
  app.post('/customers/contact_change/verify', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'Confirm the pending e-mail or phone change with the code sent to the new address',
      body: Type.Object({ kind: Type.Union([Type.Literal('email'), Type.Literal('phone')]), code: Type.String({ pattern: '^[0-9]{4,8}$' }) }),
      response: { 200: Type.Object({ data: User }) },
    },
  }, async (req) => {
    requirePrimary(req, 'change your e-mail or phone');
    const [pending] = await db.query<{ destination: string; country_code: string | null; national: string | null }>(
      `SELECT destination, country_code, national FROM contact_changes WHERE user_id = $1 AND kind = $2`, [req.user.id, req.body.kind]);
    if (!pending) throw unprocessable('There is no change waiting for a code. Please start again.');
    await useCode(ctx, req.body.kind === 'email' ? 'email-change' : 'phone-change', pending.destination, req.body.code);
    try {
      await db.tx(async (q) => {
        if (req.body.kind === 'email') {
          await q.query(`UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1`, [req.user.id, pending.destination]);
        } else {
          await q.query(`UPDATE users SET mobile = $2, country_code = $3, mobile_verified_at = now() WHERE id = $1`, [req.user.id, pending.national, pending.country_code]);
        }
        await q.query(`DELETE FROM contact_changes WHERE user_id = $1 AND kind = $2`, [req.user.id, req.body.kind]);
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw unprocessable(req.body.kind === 'email' ? 'This e-mail is already in use on another account.' : 'Mobile has already been taken');
      throw e;
    }
    return { data: await answerUser(ctx, (await findUser(db, 'id', req.user.id))!) };
  });

  // ---- emergency and parent contacts of the acting profile (paths carry the anomaly check's exempt name) ----
  app.get('/customers/emergency_contact', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'The acting profile\'s emergency contact and (under 18) parent contact; parent_contact_applies says whether the profile is a minor',
      response: { 200: Type.Object({ data: Type.Array(ContactJson), meta: Type.Object({ parent_contact_applies: Type.Boolean() }) }) },
    },
  }, async (req) => {
    const rows = await db.query<ContactRow>(`SELECT * FROM profile_contacts WHERE user_id = $1 ORDER BY kind`, [req.actor.id]);
    return { data: rows.map(contactJson), meta: { parent_contact_applies: isMinor(req.actor) } };
  });
  app.put('/customers/emergency_contact/:kind', {
    config: auth,
    schema: {
      tags: ['profiles'], summary: 'Save the acting profile\'s emergency contact, or its parent contact (only for a profile under 18); the number is kept in E.164',
      params: Type.Object({ kind: Type.Union([Type.Literal('emergency'), Type.Literal('parent')]) }),
      body: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 100 }), relation: Type.String({ minLength: 1, maxLength: 50 }),
        mobile: Type.String({ pattern: '^[0-9 ()+-]{4,20}$' }), country_code: Type.String({ pattern: '^\\+?[0-9]{1,4}$' }),
      }),
      response: { 200: Type.Object({ data: ContactJson }) },
    },
  }, async (req) => {
    const b = req.body;
    if (req.params.kind === 'parent' && !isMinor(req.actor)) throw unprocessable(PARENT_CONTACT_ADULT_MESSAGE);
    if (!isValidName(b.name)) throw unprocessable('Enter a name with letters (spaces, dots, apostrophes and hyphens are fine)', { field: 'name' });
    const relation = normaliseName(b.relation);
    if (!relation) throw unprocessable('Say how this person is related to you', { field: 'relation' });
    const phone = normalisePhone(b.country_code, b.mobile);
    const [row] = await db.query<ContactRow>(
      `INSERT INTO profile_contacts (user_id, kind, name, relation, phone_e164, country_code, national) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id, kind) DO UPDATE SET name = EXCLUDED.name, relation = EXCLUDED.relation, phone_e164 = EXCLUDED.phone_e164,
         country_code = EXCLUDED.country_code, national = EXCLUDED.national, updated_at = now() RETURNING *`,
      [req.actor.id, req.params.kind, normaliseName(b.name), relation, phone.e164, phone.countryCode, phone.national]);
    return { data: contactJson(row!) };
  });
  app.delete('/customers/emergency_contact/:uuid', {
    config: auth,
    schema: { tags: ['profiles'], summary: 'Remove one of the acting profile\'s contacts (404 for anyone else\'s)', params: Type.Object({ uuid: Uuid }), response: { 200: Success } },
  }, async (req) => {
    const gone = await db.query(`DELETE FROM profile_contacts WHERE uuid::text = $1 AND user_id = $2 RETURNING id`, [req.params.uuid, req.actor.id]);
    if (!gone.length) throw notFound(`No contact ${req.params.uuid}`);
    return { success: true };
  });

  // ---- documents and identity ----
  await app.register(async (scope) => {
    const files = scope as App;
    // The body stays a stream: it is hashed and written to disk as it arrives, never held in memory.
    // Boxed in a non-enumerable property: the app's body checks walk a body's fields, and a socket's
    // fields never end.
    files.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, Object.defineProperty({}, 'stream', { value: payload, enumerable: false })));
    files.post('/customers/documents', {
      config: auth,
      bodyLimit: UPLOAD_LIMIT_BYTES,
      schema: {
        tags: ['documents'], summary: `Upload a document or identity file (raw bytes, application/octet-stream, at most ${DEFAULT_UPLOAD_LIMIT_MB} MB); the type is read from the content`,
        querystring: Type.Object({ kind: Type.Union([Type.Literal('document'), Type.Literal('identity')]), file_name: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Object({ data: DocumentJson }) },
      },
      // The spec's size message for a body over the limit; the app's error handler answers it.
      errorHandler: (err: Error & { code?: string }) => {
        throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new HttpError(413, uploadSizeMessage(DEFAULT_UPLOAD_LIMIT_MB)) : err;
      },
    }, async (req) => {
      const body = (req.body as { stream?: NodeJS.ReadableStream } | undefined)?.stream;
      if (!body || typeof body.pipe !== 'function') throw new HttpError(415, 'Send the file as application/octet-stream');
      // The account's quota (the parent and its profiles together), counted before a byte is read:
      // files per hour (upload_account), and bytes per hour reserved from the announced size.
      const account = await uploadAccountOf(db, req.actor.id);
      const limits = limitsOf(ctx);
      await limits.take('upload_address', req.ip);
      await limits.take('upload_account', String(account));
      const length = Number(req.headers['content-length']);
      const reservation = await reserveUpload(db, account, Number.isFinite(length) && length >= 0 ? length : undefined,
        ctx.uploadHourlyBytes ?? DEFAULT_UPLOAD_HOURLY_MB * 1024 * 1024, limits.now());
      let stored;
      try {
        stored = await store.put(body, reservation.maxBytes);
      } catch (e) {
        await reservation.settle(0);
        if (e instanceof UploadRefused) throw e.status === 429 ? rateLimited(UPLOAD_WINDOW_MS / 1000, e.message) : new HttpError(e.status, e.message);
        throw e;
      }
      await reservation.settle(stored.size);
      // No path separators or control characters in a name that goes back out in Content-Disposition.
      const name = [...req.query.file_name].map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 ? '_' : c)).join('');
      const [row] = await db.query<DocumentRow>(
        `INSERT INTO documents (user_id, kind, file_name, content_type, size_bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [req.actor.id, req.query.kind, name, stored.contentType, stored.size, stored.sha256]);
      return { data: documentJson(row!) };
    });
  });
  app.get('/customers/documents', {
    config: auth,
    schema: {
      tags: ['documents'], summary: 'My documents and identity files, newest first', querystring: Type.Object({ kind: Type.Optional(Type.Union([Type.Literal('document'), Type.Literal('identity')])) }),
      response: { 200: Type.Object({ data: Type.Array(DocumentJson) }) },
    },
  }, async (req) => {
    const rows = await db.query<DocumentRow>(`SELECT * FROM documents WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2) ORDER BY created_at DESC, id DESC`, [req.actor.id, req.query.kind ?? null]);
    return { data: rows.map(documentJson) };
  });
  const mine = async (actorId: number, uuid: string) => {
    const [row] = await db.query<DocumentRow>(`SELECT * FROM documents WHERE uuid::text = $1 AND user_id = $2`, [uuid, actorId]);
    if (!row) throw notFound(`No document ${uuid}`);
    return row;
  };
  app.get('/customers/documents/:uuid/file', {
    config: auth,
    schema: {
      tags: ['documents'], summary: 'Download one of my documents (404 for anyone else\'s)', params: Type.Object({ uuid: Uuid }),
      // The bytes as stored, in their own content type (Fastify sends a stream or buffer as is).
      response: { 200: Type.Unsafe<NodeJS.ReadableStream>({ type: 'string', format: 'binary', description: 'The document\'s bytes' }) },
    },
  }, async (req, reply) => {
    const doc = await mine(req.actor.id, req.params.uuid);
    reply.header('content-type', doc.content_type);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`);
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(store.read(doc.sha256));
  });
  app.delete('/customers/documents/:uuid', {
    config: auth,
    schema: { tags: ['documents'], summary: 'Delete one of my documents', params: Type.Object({ uuid: Uuid }), response: { 200: Success } },
  }, async (req) => {
    const doc = await mine(req.actor.id, req.params.uuid);
    await db.query(`DELETE FROM documents WHERE id = $1`, [doc.id]);
    await store.releaseIfUnused(db, doc.sha256);
    return { success: true };
  });

  // ---- closing the account ----
  app.post('/customers/permanent_account_disable/code', {
    config: auth,
    schema: {
      tags: ['account'], summary: 'Send the code that confirms closing the account (to its e-mail, else its phone)',
      response: { 200: Type.Object({ success: Type.Literal(true), sent_to: Type.String(), channel: Type.String() }) },
    },
  }, async (req) => {
    requirePrimary(req, 'close the account');
    const d = await sendAccountCode(ctx, req.user, req.ip, 'account-close', { user: 'account_close_user', address: 'account_close_address' }, {
      subject: 'Closing your Haven account', body: (code) => `${code} is your code to close your Haven account for good. If you did not ask for this, change your password.`,
    });
    return { success: true as const, sent_to: d.to, channel: d.channel };
  });
  app.post('/customers/permanent_account_disable', {
    config: auth,
    schema: {
      tags: ['account'], summary: `Close the account for good: body confirm "${CLOSE_CONFIRMATION}" and the code; every profile, document and device session ends`,
      body: Type.Object({ confirm: Type.Literal(CLOSE_CONFIRMATION), code: Type.String({ pattern: '^[0-9]{4,8}$' }) }),
      response: { 200: Type.Object({ success: Type.Literal(true), closed_at: Nullable(Type.String()) }) },
    },
  }, async (req) => {
    requirePrimary(req, 'close the account');
    const d = accountCodeDestination(req.user);
    await useCode(ctx, 'account-close', d.to, req.body.code);
    const children = await db.query<{ id: number }>(`SELECT id FROM users WHERE parent_user_id = $1`, [req.user.id]);
    for (const c of children) await eraseUser(ctx, store, c.id, req.log);
    await eraseUser(ctx, store, req.user.id, req.log);
    return { success: true as const, closed_at: new Date().toISOString() };
  });
}
