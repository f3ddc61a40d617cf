// Partners' ways in: b2b links, partner sessions, a company code's TOTP check and meta info, kli
// auto-login. Schema and wiring: the rules live in api/src/identity/partner-sign-in.ts.
import { Type } from '@sinclair/typebox';
import { HttpError, type App } from '../core/http.js';
import { Nullable, User, Uuid } from '../core/schemas.js';
import {
  b2bLinkSignIn,
  integrationOrg,
  KLI_PURPOSE,
  PARTNER_PROOF_HEADER,
  partnerSessionSignIn,
  provePartnerCode,
  provenPartner,
  signIn,
  kliAccount,
  type IntegrationOrg,
} from '../identity/index.js';

const DataUser = Type.Object({ data: User });

const wiring = (app: App) => ({ ctx: app.ctx, db: app.ctx.db });

/** Partner sign-ins: b2b links, partner sessions, the partner one-time code and meta info, kli auto-login. */
export async function partnerSignInRoutes(app: App) {
  const { ctx, db } = wiring(app);
  const PartnerBody = Type.Object({ jwt_token: Type.String({ minLength: 1, maxLength: 8000 }), company_profile_uuid: Uuid });
  app.post(
    '/b2b_link',
    {
      schema: { tags: ['partner'], summary: 'B2B link sign-in with a partner-signed JWT', body: PartnerBody, response: { 200: DataUser } },
    },
    async (req, reply) => {
      return { data: await b2bLinkSignIn(ctx, req.ip, reply, req.body) };
    },
  );
  app.post(
    '/customers/partner_sessions',
    {
      schema: {
        tags: ['partner'],
        summary: `Partner session sign-in with a partner-signed JWT and the ${PARTNER_PROOF_HEADER} header of that organisation (from verify_totp_code)`,
        body: PartnerBody,
        response: { 200: DataUser },
      },
    },
    async (req, reply) => {
      return { data: await partnerSessionSignIn(ctx, req.ip, req.headers, reply, req.body) };
    },
  );

  const PartnerMeta = Type.Object({
    company_profile: Type.Object({ name: Type.String(), uuid: Type.String(), short_code: Nullable(Type.String()) }),
    feature_flags: Type.Object({ show_card_dashboard: Type.Boolean() }),
  });
  const metaOf = (o: IntegrationOrg) => ({
    company_profile: { name: o.name, uuid: o.uuid, short_code: o.short_code },
    feature_flags: { show_card_dashboard: o.show_card_dashboard },
  });
  const OrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'organisation uuid or short_code' }) });
  app.post(
    '/customers/organisations_integration/:id/verify_totp_code',
    {
      schema: {
        tags: ['partner'],
        summary:
          'Verify the partner one-time (TOTP) code; wrong code: 503 "Invalid verification code" (as the spec\'s backend answers; no Retry-After)',
        params: OrgParams,
        body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            data: PartnerMeta,
            partner_proof: Type.String({
              description: `${PARTNER_PROOF_HEADER} header for meta_info, kli auto-login and partner sessions of this organisation (30 minutes)`,
            }),
          }),
        },
      },
    },
    async (req) => {
      const org = await integrationOrg(ctx, req.params.id);
      const partner_proof = await provePartnerCode(ctx, req.ip, org, req.body.code);
      return { success: true as const, data: metaOf(org), partner_proof };
    },
  );
  app.get(
    '/customers/organisations_integration/:id/meta_info',
    {
      schema: {
        tags: ['partner'],
        summary: `Partner meta info: for the ${PARTNER_PROOF_HEADER} header of this organisation, or signed in as one of its members; else 403`,
        params: OrgParams,
        response: { 200: Type.Object({ data: PartnerMeta }) },
      },
    },
    async (req) => {
      const org = await integrationOrg(ctx, req.params.id);
      if ((await provenPartner(ctx, req.headers)) !== org.uuid) {
        let member = false;
        try {
          await app.authenticate(req);
          member = req.user.organisation_id === org.id;
        } catch {
          member = false;
        }
        // 403, not 401: a stranger here has no session to lose (the web client logs out on any 401).
        if (!member)
          throw new HttpError(
            403,
            `Verify the partner code first (${PARTNER_PROOF_HEADER} header) or sign in as a member of this organisation`,
          );
      }
      return { data: metaOf(org) };
    },
  );

  app.post(
    '/customers/kli/auto_login',
    {
      schema: {
        tags: ['partner'],
        summary: `kli auto-login: the ${PARTNER_PROOF_HEADER} header of the organisation and its partner-signed kli link (jwt_token: purpose ${KLI_PURPOSE}, the crn it names, single-use, at most 5 minutes). A CRN alone is an identifier, never a secret: no proof, no link, a link for another CRN, a used link, an unknown CRN or another organisation's CRN all answer the same 422`,
        body: Type.Object({
          crn: Type.String({ minLength: 1, maxLength: 64 }),
          jwt_token: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 8000,
              description: "the partner-signed kli link (the auth_token of the partner's CRNID link)",
            }),
          ),
        }),
        response: { 200: DataUser },
      },
    },
    async (req, reply) => {
      const user = await kliAccount(ctx, req.ip, req.headers, req.body.crn, req.body.jwt_token);
      return { data: await signIn(ctx, db, reply, user) };
    },
  );
}
