// The account's profiles: the acting profile's details, secondary profiles and added members.
import { Type } from '@sinclair/typebox';
import { HttpError, notFound, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { Success, User, Uuid } from '../core/schemas.js';
import {
  addProfile,
  DocumentStore,
  eraseUser,
  MAX_PROFILES,
  memberIdsOf,
  memberPlan,
  profileIdsOf,
  recordDocReferral,
  updateProfile,
  phoneToConfirm,
  PHONE_CODE_SENT,
  startContactChange,
} from '../accounts/index.js';
import { answerUser, findUser, requirePrimary } from '../identity/index.js';
import { PROFILE_RELATIONSHIPS } from '@haven/rules';

const auth = { auth: true };

/** Who a profile is to the account holder, as the form offers it. */
const relationshipOf = (description: string) =>
  Type.Optional(
    Type.Union(
      PROFILE_RELATIONSHIPS.map((r) => Type.Literal(r)),
      { description },
    ),
  );

const ProfileBody = Type.Object({
  kind: Type.Union([Type.Literal('profile'), Type.Literal('member')]),
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  date_of_birth: Type.Optional(Type.String({ format: 'date' })),
  gender: Type.Optional(
    Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('non_binary'), Type.Literal('prefer_not_to_say')]),
  ),
  relationship: relationshipOf(
    'who the profile is for; required (child or ward) with a birth date under 18, which a child or ward requires',
  ),
});

/** Every profile route, in the order of the OpenAPI document. */
export async function profileRoutes(app: App) {
  const store = new DocumentStore(app.ctx.fileStorage);
  const { ctx } = app;
  const db = ctx.db;
  app.get(
    '/customers/profiles',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'My profiles (primary first)',
        response: { 200: Type.Object({ data: Type.Array(User), meta: Type.Object({ is_multi_profile_user: Type.Boolean() }) }) },
      },
    },
    async (req) => {
      const data = [];
      for (const id of await profileIdsOf(db, req.user.id)) data.push(await answerUser(ctx, (await findUser(db, 'id', id))!));
      return { data, meta: { is_multi_profile_user: data.length > 1 } };
    },
  );
  const ProfileInfo = Type.Object({ data: User });
  const ProfileInfoChanged = Type.Object({
    data: User,
    contact_change: Type.Optional(
      Type.Object(
        { kind: Type.Literal('phone'), message: Type.String() },
        { description: 'a new number was named: a code went to it, and it is saved once that code comes back (contact_change/verify)' },
      ),
    ),
  });
  app.get(
    '/customers/profile_info',
    {
      config: auth,
      schema: { tags: ['profiles'], summary: 'Profile info of the acting profile', response: { 200: ProfileInfo } },
    },
    async (req) => ({ data: await answerUser(ctx, req.actor) }),
  );
  app.put(
    '/customers/profile_info',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Update profile info',
        body: Type.Object(
          {
            first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            last_name: Type.Optional(Type.String({ maxLength: 100 })),
            gender: Type.Optional(
              Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Literal('non_binary'), Type.Literal('prefer_not_to_say')]),
            ),
            date_of_birth: Type.Optional(Type.String({ format: 'date' })),
            mobile: Type.Optional(Type.String({ pattern: '^[0-9]{6,14}$' })),
            country_code: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
            timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            relationship: relationshipOf(
              "a secondary profile's: who they are to the account holder (a birth date under 18 needs child or ward)",
            ),
          },
          { minProperties: 1 },
        ),
        response: { 200: ProfileInfoChanged },
      },
    },
    async (req) => {
      const phone = phoneToConfirm(req.actor, req.body);
      if (phone) {
        // A new number for the account holder goes through a code, counted like any contact change
        // before anything else happens; nothing says whether another account holds it.
        await limitsOf(ctx).takeAll([
          ['contact_change_address', req.ip],
          ['contact_change_user', String(req.user.id)],
          ['otp_send_destination', `sms:${phone.e164}`],
        ]);
      }
      await updateProfile(db, req.actor, req.body);
      if (phone) await startContactChange(db, req.user.id, { kind: 'phone', value: phone.e164, phone });
      return {
        data: await answerUser(ctx, (await findUser(db, 'id', req.actor.id))!),
        ...(phone ? { contact_change: { kind: 'phone' as const, message: PHONE_CODE_SENT(phone.e164) } } : {}),
      };
    },
  );
  app.get(
    '/customers/:uuid/update_doc_referral',
    {
      config: auth,
      schema: {
        tags: ['profiles'],
        summary: 'Record a doctor referral for this customer',
        params: Type.Object({ uuid: Type.String({ format: 'uuid' }) }),
        querystring: Type.Object({ doc_referral: Type.Literal(true) }),
        response: { 200: Success },
      },
    },
    async (req) => {
      if (!(await recordDocReferral(db, req.user.id, req.params.uuid))) throw notFound(`No customer ${req.params.uuid}`);
      return { success: true };
    },
  );
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
