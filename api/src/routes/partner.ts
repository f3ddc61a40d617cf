// Partner employees on their company's subdomain: the public site lookup a subdomain page
// needs before anyone signs in, the signed-in hand-off from the main site to the subdomain
// (docs/partner-handoff.md), the linked logout, and the employee's package for the card dashboard.
import { Type } from '@sinclair/typebox';
import { type App } from '../core/http.js';
import { Nullable } from '../core/schemas.js';
import { limitsOf } from '../core/limits.js';
import { companySite, partnerHandoff } from '../identity/index.js';
import { partnerPackageCard } from '../payments/index.js';

/** A hand-off link lives one minute at most; its jti makes it single-use. */
const HANDOFF_TTL_S = 60;

const SiteMeta = Type.Object({
  company_profile: Type.Object({ name: Type.String(), uuid: Type.String(), short_code: Type.String() }),
  feature_flags: Type.Object({ show_card_dashboard: Type.Boolean() }),
});

const ProviderRef = Nullable(Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }));

export async function partnerRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;

  app.get(
    '/partner_sites/:short_code',
    {
      schema: {
        tags: ['partner'],
        summary:
          'What a company subdomain shows before sign-in: the partner meta info of the organisation with this short_code (a subdomain is public; organisations without one are not found here)',
        params: Type.Object({ short_code: Type.String({ pattern: '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$' }) }),
        response: { 200: Type.Object({ data: SiteMeta }) },
      },
    },
    async (req) => ({ data: await companySite(db, req.params.short_code) }),
  );

  app.post(
    '/customers/partner_handoff',
    {
      config: { auth: true },
      schema: {
        tags: ['partner'],
        summary: `A hand-off to my company's subdomain: a partner-signed jwt_token for POST b2b_link with that company_profile_uuid, single-use, valid ${HANDOFF_TTL_S} s; the session it starts there is linked to this one (logging out either ends both)`,
        response: {
          200: Type.Object({
            jwt_token: Type.String(),
            company_profile_uuid: Type.String(),
            short_code: Type.String(),
            expires_in: Type.Integer(),
          }),
        },
      },
    },
    async (req) => {
      const limits = limitsOf(ctx);
      await limits.take('partner_handoff_user', String(req.user.id));
      await limits.take('partner_handoff_address', req.ip);
      return partnerHandoff(db, req.user, req.authCheck!.row.token_id, HANDOFF_TTL_S);
    },
  );

  app.get(
    '/customers/partner_package',
    {
      config: { auth: true },
      schema: {
        tags: ['partner'],
        summary:
          "The employee's sponsored package for the card dashboard, with the sessions left and my therapist / psychiatrist / package coach",
        response: {
          200: Type.Object({
            is_package_client: Type.Boolean(),
            org_package_for: Nullable(Type.String()),
            package: Nullable(
              Type.Object({
                info: Type.Object({
                  id: Type.Integer(),
                  analytics: Type.Object({ package_type: Type.String(), package_sub_type: Type.String() }),
                }),
              }),
            ),
            sessions_total: Type.Integer(),
            sessions_left: Type.Integer(),
            covered_roles: Type.Array(Type.String(), { description: 'the roles the package books on the plan' }),
            covers_text: Type.String({ description: 'what the card says it covers, in words, from the same roles' }),
            statement: Type.String({
              description:
                "the card's one sentence of what it books, from the same roles: '6 sponsored sessions of therapy or couples therapy'",
            }),
            mytherapist: ProviderRef,
            mypsychiatrist: ProviderRef,
            package_coach_id: Nullable(Type.String()),
            package_coach: ProviderRef,
          }),
        },
      },
    },
    async (req) => partnerPackageCard(db, req.actor),
  );
}
