// The newsletter (double opt-in) and the leads forms, both open to visitors who are not signed in.
// Every request is counted per client address and per e-mail BEFORE anything is looked up, and the
// newsletter answers the same whatever the address's state (no answer tells whether someone subscribed
// or has an account).
import { Type, type Static } from '@sinclair/typebox';
import { HttpError, type App } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { webOrigin } from '../config/web.js';
import { normaliseEmail } from '../identity/index.js';
import { confirmSubscription, requestSubscription, storeLead, unsubscribe } from '../growth/index.js';

const EMAIL = Type.String({ format: 'email', maxLength: 254 });
const NAME = Type.String({ minLength: 1, maxLength: 120 });
const ORGANISATION = Type.String({ minLength: 1, maxLength: 160 });
const MESSAGE = Type.String({ maxLength: 2000 });
const PHONE = Type.String({ pattern: '^\\+?[0-9 ]{6,20}$' });
const TOKEN = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2000 }) });

/** Sizes of an organisation (employees, or students for a college). */
export const ORGANISATION_SIZES = ['1-50', '51-200', '201-1000', '1001-5000', '5000+'] as const;
const SIZE = Type.Union(ORGANISATION_SIZES.map((s) => Type.Literal(s)));

const LeadBody = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('b2b'),
      name: NAME,
      email: EMAIL,
      organisation: ORGANISATION,
      size: SIZE,
      job_title: Type.Optional(Type.String({ maxLength: 120 })),
      phone: Type.Optional(PHONE),
      message: Type.Optional(MESSAGE),
    },
    { additionalProperties: false, description: 'Haven for an organisation (employee care)' },
  ),
  Type.Object(
    {
      kind: Type.Literal('careers'),
      name: NAME,
      email: EMAIL,
      role: Type.String({ minLength: 1, maxLength: 120, description: 'the role or field of interest' }),
      profile_url: Type.Optional(Type.String({ format: 'uri', maxLength: 500 })),
      message: Type.Optional(MESSAGE),
    },
    { additionalProperties: false, description: 'working at Haven' },
  ),
  Type.Object(
    {
      kind: Type.Literal('college'),
      name: NAME,
      email: EMAIL,
      organisation: ORGANISATION,
      size: SIZE,
      job_title: Type.Optional(Type.String({ maxLength: 120 })),
      message: Type.Optional(MESSAGE),
    },
    { additionalProperties: false, description: 'Haven for a college (organisation is the college, size its students)' },
  ),
  Type.Object(
    {
      kind: Type.Literal('case_study'),
      name: NAME,
      email: EMAIL,
      organisation: ORGANISATION,
      message: Type.Optional(MESSAGE),
    },
    { additionalProperties: false, description: 'a case study requested' },
  ),
  Type.Object(
    {
      kind: Type.Literal('cf'),
      name: NAME,
      email: EMAIL,
      organisation: Type.Optional(Type.String({ maxLength: 160, description: 'the school, if any' })),
      child_age: Type.Optional(Type.Integer({ minimum: 0, maximum: 17 })),
      phone: Type.Optional(PHONE),
      message: Type.Optional(MESSAGE),
    },
    { additionalProperties: false, description: 'the Children First programme (children and their parents)' },
  ),
]);
type LeadBody = Static<typeof LeadBody>;

export async function outreachRoutes(app: App) {
  const { ctx } = app;
  const origin = webOrigin();

  app.post(
    '/newsletter/subscriptions',
    {
      schema: {
        tags: ['growth'],
        summary:
          'Ask for the newsletter: a confirm link is e-mailed (double opt-in). The answer is the same for a new, pending, confirmed or unsubscribed address',
        body: Type.Object({ email: EMAIL }),
        response: { 202: Type.Object({ success: Type.Literal(true), message: Type.String() }) },
      },
    },
    async (req, reply) => {
      const email = normaliseEmail(req.body.email);
      await limitsOf(ctx).takeAll([
        ['newsletter_address', req.ip],
        ['newsletter_email', email],
      ]);
      await requestSubscription(ctx.db, ctx.secret, origin, email);
      reply.status(202);
      return { success: true as const, message: 'Check your inbox: open the link we sent to confirm your subscription.' };
    },
  );

  app.post(
    '/newsletter/subscriptions/confirm',
    {
      schema: {
        tags: ['growth'],
        summary: 'Confirm a subscription with the token of the e-mailed link',
        body: TOKEN,
        response: { 200: Type.Object({ data: Type.Object({ status: Type.Literal('confirmed') }) }) },
      },
    },
    async (req) => {
      await limitsOf(ctx).attempt([['newsletter_link_address', req.ip]], async () => {
        const email = await confirmSubscription(ctx.db, ctx.secret, origin, req.body.token);
        if (!email) throw new HttpError(422, 'This link is not valid or has expired. Subscribe again to get a new one.');
      });
      return { data: { status: 'confirmed' as const } };
    },
  );

  app.post(
    '/newsletter/subscriptions/unsubscribe',
    {
      schema: {
        tags: ['growth'],
        summary: 'Unsubscribe with the token of the link in a newsletter e-mail',
        body: TOKEN,
        response: { 200: Type.Object({ data: Type.Object({ status: Type.Literal('unsubscribed') }) }) },
      },
    },
    async (req) => {
      await limitsOf(ctx).attempt([['newsletter_link_address', req.ip]], async () => {
        const email = await unsubscribe(ctx.db, ctx.secret, req.body.token);
        if (!email) throw new HttpError(422, 'This link is not valid or has expired.');
      });
      return { data: { status: 'unsubscribed' as const } };
    },
  );

  app.post(
    '/leads',
    {
      schema: {
        tags: ['growth'],
        summary: 'Send a lead form (b2b, careers, college, case_study, cf): stored and acknowledged by e-mail',
        body: LeadBody,
        response: { 201: Type.Object({ success: Type.Literal(true), message: Type.String() }) },
      },
    },
    async (req, reply) => {
      const { kind, email: rawEmail, ...fields }: LeadBody = req.body;
      const email = normaliseEmail(rawEmail);
      await limitsOf(ctx).takeAll([
        ['lead_address', req.ip],
        ['lead_email', email],
      ]);
      await storeLead(ctx.db, kind, email, fields);
      reply.status(201);
      return { success: true as const, message: 'Thank you. We have your message and will reply within two working days.' };
    },
  );
}
