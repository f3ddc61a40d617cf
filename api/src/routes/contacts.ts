// The account holder's e-mail and phone changes (confirmed by a one-time code), and the acting profile's
// emergency and parent contacts.
import { Type } from '@sinclair/typebox';
import { notFound, unprocessable, type App } from '../core/http.js';
import { signedIn } from '../core/route-options.js';
import { Success, User, Uuid } from '../core/schemas.js';
import {
  answerUser,
  dateOnly,
  findUser,
  normaliseEmail,
  normalisePhone,
  requirePrimary,
  type Destination,
  type UserRow,
} from '../identity/index.js';
import { limitsOf } from '../core/limits.js';
import {
  confirmContactChange,
  contactJson,
  contactsOf,
  PARENT_CONTACT_ADULT_MESSAGE,
  removeContact,
  saveContact,
  pendingContactChanges,
  startContactChange,
} from '../accounts/index.js';
import { isAdult, isValidName, normaliseName } from '@haven/rules';

const profilesRoute = signedIn('profiles');

const EMAIL = Type.String({ format: 'email', maxLength: 254 });
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

/** The contact routes, in the order of the OpenAPI document. */
export async function contactRoutes(app: App) {
  contactChangeRoutes(app);
  emergencyContactRoutes(app);
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
    profilesRoute('Start changing my e-mail or phone: a code goes to the new address; nothing changes until it comes back', {
      body: ContactTarget,
      response: { 200: Type.Object({ success: Type.Literal(true), message: Type.String(), expires_in: Type.Integer() }) },
    }),
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
    profilesRoute(
      'My e-mail or phone changes waiting for their code (one sent at sign-up or from the profile): where each code went, so it can be entered later',
      {
        response: {
          200: Type.Object({
            data: Type.Array(Type.Object({ kind: Type.Union([Type.Literal('email'), Type.Literal('phone')]), destination: Type.String() })),
          }),
        },
      },
    ),
    async (req) => {
      requirePrimary(req, 'change your e-mail or phone');
      return { data: await pendingContactChanges(db, req.user.id) };
    },
  );
  app.post(
    '/customers/contact_change/verify',
    profilesRoute('Confirm the pending e-mail or phone change with the code sent to the new address', {
      body: Type.Object({
        kind: Type.Union([Type.Literal('email'), Type.Literal('phone')]),
        code: Type.String({ pattern: '^[0-9]{4,8}$' }),
      }),
      response: { 200: Type.Object({ data: User }) },
    }),
    async (req) => {
      requirePrimary(req, 'change your e-mail or phone');
      await confirmContactChange(ctx, req.user.id, req.body.kind, req.body.code);
      return { data: await answerUser(ctx, (await findUser(db, 'id', req.user.id))!) };
    },
  );
}

/** Emergency and parent contacts of the acting profile (paths carry the anomaly check's exempt name). */
function emergencyContactRoutes(app: App) {
  const db = app.ctx.db;
  app.get(
    '/customers/emergency_contact',
    profilesRoute(
      "The acting profile's emergency contact and (under 18) parent contact; parent_contact_applies says whether the profile is a minor",
      { response: { 200: Type.Object({ data: Type.Array(ContactJson), meta: Type.Object({ parent_contact_applies: Type.Boolean() }) }) } },
    ),
    async (req) => {
      return { data: (await contactsOf(db, req.actor.id)).map(contactJson), meta: { parent_contact_applies: isMinor(req.actor) } };
    },
  );
  app.put(
    '/customers/emergency_contact/:kind',
    profilesRoute(
      "Save the acting profile's emergency contact, or its parent contact (only for a profile under 18); the number is kept in E.164",
      {
        params: Type.Object({ kind: Type.Union([Type.Literal('emergency'), Type.Literal('parent')]) }),
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 100 }),
          relation: Type.String({ minLength: 1, maxLength: 50 }),
          mobile: Type.String({ pattern: '^[0-9 ()+-]{4,20}$' }),
          country_code: Type.String({ pattern: '^\\+?[0-9]{1,4}$' }),
        }),
        response: { 200: Type.Object({ data: ContactJson }) },
      },
    ),
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
    profilesRoute("Remove one of the acting profile's contacts (404 for anyone else's)", {
      params: Type.Object({ uuid: Uuid }),
      response: { 200: Success },
    }),
    async (req) => {
      if (!(await removeContact(db, req.actor.id, req.params.uuid))) throw notFound(`No contact ${req.params.uuid}`);
      return { success: true };
    },
  );
}
