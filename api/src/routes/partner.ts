// Partner employees on their company's subdomain: the public site lookup a subdomain page
// needs before anyone signs in, the signed-in hand-off from the main site to the subdomain
// (docs/partner-handoff.md), the linked logout, and the employee's package for the card dashboard.
import { Type } from '@sinclair/typebox';
import { coversText } from '@haven/rules';
import { notFound, unprocessable, type App } from '../core/http.js';
import { Nullable } from '../core/schemas.js';
import { limitsOf } from '../core/limits.js';
import { HANDOFF_PURPOSE, randomToken, signPartnerJwt } from '../identity/index.js';
import { packageOf, accountOf, coveredRolesOf } from '../payments/index.js';

/** A hand-off link lives one minute at most; its jti makes it single-use. */
const HANDOFF_TTL_S = 60;

const SiteMeta = Type.Object({
  company_profile: Type.Object({ name: Type.String(), uuid: Type.String(), short_code: Type.String() }),
  feature_flags: Type.Object({ show_card_dashboard: Type.Boolean() }),
});

interface ProviderLink { uuid: string; firstname: string; lastname: string }
const ProviderRef = Nullable(Type.Object({ uuid: Type.String(), firstname: Type.String(), lastname: Type.String() }));

export async function partnerRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;

  app.get('/partner_sites/:short_code', {
    schema: {
      tags: ['partner'],
      summary: 'What a company subdomain shows before sign-in: the partner meta info of the organisation with this short_code (a subdomain is public; organisations without one are not found here)',
      params: Type.Object({ short_code: Type.String({ pattern: '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$' }) }),
      response: { 200: Type.Object({ data: SiteMeta }) },
    },
  }, async (req) => {
    const [o] = await db.query<{ name: string; uuid: string; short_code: string; show_card_dashboard: boolean }>(
      `SELECT name, uuid::text, short_code, show_card_dashboard FROM organisations WHERE short_code = $1`, [req.params.short_code]);
    if (!o) throw notFound(`No company site ${req.params.short_code}`);
    return { data: { company_profile: { name: o.name, uuid: o.uuid, short_code: o.short_code }, feature_flags: { show_card_dashboard: o.show_card_dashboard } } };
  });

  app.post('/customers/partner_handoff', {
    config: { auth: true },
    schema: {
      tags: ['partner'],
      summary: `A hand-off to my company's subdomain: a partner-signed jwt_token for POST b2b_link with that company_profile_uuid, single-use, valid ${HANDOFF_TTL_S} s; the session it starts there is linked to this one (logging out either ends both)`,
      response: {
        200: Type.Object({ jwt_token: Type.String(), company_profile_uuid: Type.String(), short_code: Type.String(), expires_in: Type.Integer() }),
      },
    },
  }, async (req) => {
    const limits = limitsOf(ctx);
    await limits.take('partner_handoff_user', String(req.user.id));
    await limits.take('partner_handoff_address', req.ip);
    const [org] = await db.query<{ uuid: string; partner_secret: string; short_code: string | null }>(
      `SELECT uuid::text, partner_secret, short_code FROM organisations WHERE id = $1`, [req.user.organisation_id ?? 0]);
    if (!org?.short_code || !req.user.email || req.user.usertype === 'patient') throw unprocessable('No company site for this account');
    const [{ session_link: link }] = (await db.query<{ session_link: string }>(
      `UPDATE auth_tokens SET session_link = COALESCE(session_link, $2) WHERE id = $1 RETURNING session_link`,
      [req.authCheck!.row.token_id, randomToken(16)])) as [{ session_link: string }];
    const jwt = await signPartnerJwt(org, { email: req.user.email, purpose: HANDOFF_PURPOSE, session_link: link }, HANDOFF_TTL_S);
    return { jwt_token: jwt, company_profile_uuid: org.uuid, short_code: org.short_code, expires_in: HANDOFF_TTL_S };
  });

  app.get('/customers/partner_package', {
    config: { auth: true },
    schema: {
      tags: ['partner'],
      summary: 'The employee\'s sponsored package for the card dashboard, with the sessions left and my therapist / psychiatrist / package coach',
      response: {
        200: Type.Object({
          is_package_client: Type.Boolean(), org_package_for: Nullable(Type.String()),
          package: Nullable(Type.Object({ info: Type.Object({ id: Type.Integer(), analytics: Type.Object({ package_type: Type.String(), package_sub_type: Type.String() }) }) })),
          sessions_total: Type.Integer(), sessions_left: Type.Integer(),
          covered_roles: Type.Array(Type.String(), { description: 'the roles the package books on the plan' }),
          covers_text: Type.String({ description: 'what the card says it covers, in words, from the same roles' }),
          mytherapist: ProviderRef, mypsychiatrist: ProviderRef, package_coach_id: Nullable(Type.String()), package_coach: ProviderRef,
        }),
      },
    },
  }, async (req) => {
    const p = await packageOf(db, req.actor.organisation_id ?? null, accountOf(req.actor));
    const mine = await db.query<ProviderLink & { provider_type: string }>(
      `SELECT p.uuid::text, p.firstname, p.lastname, up.provider_type FROM user_providers up JOIN providers p ON p.id = up.provider_id
        WHERE up.user_id = $1 ORDER BY p.id`, [req.actor.id]);
    const pick = (...types: string[]) => {
      const r = mine.find((m) => types.includes(m.provider_type));
      return r ? { uuid: r.uuid, firstname: r.firstname, lastname: r.lastname } : null;
    };
    const coach = pick('coach');
    const covered = p ? await coveredRolesOf(db, { id: accountOf(req.actor), organisation_id: req.actor.organisation_id ?? null }, p.row.package_for) : [];
    return {
      is_package_client: Boolean(p), org_package_for: p?.row.package_for ?? null,
      package: p ? { info: { id: p.row.id, analytics: { package_type: p.row.package_type, package_sub_type: p.row.package_sub_type } } } : null,
      sessions_total: p?.row.sessions_per_employee ?? 0, sessions_left: p?.credits_left ?? 0,
      covered_roles: covered, covers_text: coversText(covered),
      mytherapist: pick('therapist', 'couplestherapist', 'childenfirstindia'), mypsychiatrist: pick('psychiatrist'),
      package_coach_id: coach?.uuid ?? null, package_coach: coach,
    };
  });
}
