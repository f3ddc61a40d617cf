// Partners' ways in: the partner proof of a company code, partner-signed JWTs (a b2b link, a hand-off to
// a company subdomain, a partner session) and kli links; each ends in signIn (sign-in.ts).
import type { JWTPayload } from 'jose';
import { HttpError, notFound, unprocessable, type Ctx, type AnswerHeaders } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { verifyTotp } from '../core/totp.js';
import type { Queryable } from '../db/index.js';
import { createUser, findUser, findUserByCrn, normaliseEmail, type UserRow } from './accounts.js';
import { handoffSessionLive, linkHandoffSession } from './sessions.js';
import { randomToken } from './passwords.js';
import { acceptPartnerJwt, HANDOFF_PURPOSE, KLI_PURPOSE, partnerProof, signPartnerJwt, verifyProof } from './tokens.js';
import { signIn } from './sign-in.js';

// ---- partners: partner proofs, partner-signed JWTs, kli links ----

/** Header carrying the partner proof that verify_totp_code answers (bound to one organisation). */
export const PARTNER_PROOF_HEADER = 'partner-proof';
export const INVALID_PARTNER_CODE = 'Invalid verification code';

interface PartnerOrg {
  id: number;
  uuid: string;
  partner_secret: string;
  name: string;
}
async function partnerOrg(ctx: Ctx, companyUuid: string): Promise<PartnerOrg> {
  const org = (
    await ctx.db.query<PartnerOrg>(`SELECT id, uuid::text, partner_secret, name FROM organisations WHERE uuid::text = $1`, [companyUuid])
  )[0];
  if (!org) throw notFound(`Unknown company_profile_uuid ${companyUuid}`);
  return org;
}

/** The organisation uuid a request's partner proof was issued for, or null. */
export async function provenPartner(ctx: Ctx, headers: Record<string, unknown>): Promise<string | null> {
  const h = headers[PARTNER_PROOF_HEADER];
  return verifyProof(ctx.secret, 'partner', typeof h === 'string' ? h : undefined);
}

export interface IntegrationOrg {
  id: number;
  name: string;
  uuid: string;
  short_code: string | null;
  show_card_dashboard: boolean;
  totp_secret: string;
}
/** An organisation's partner integration, by uuid or short_code. */
export async function integrationOrg(ctx: Ctx, id: string): Promise<IntegrationOrg> {
  const org = (
    await ctx.db.query<IntegrationOrg>(
      `SELECT id, name, uuid::text, short_code, show_card_dashboard, totp_secret FROM organisations WHERE uuid::text = $1 OR short_code = $1`,
      [id.toLowerCase()],
    )
  )[0];
  if (!org) throw notFound(`Unknown organisation integration ${id}`);
  return org;
}

/** The partner one-time (TOTP) code of `org`, counted per organisation and client address: a partner proof for it. */
export async function provePartnerCode(ctx: Ctx, ip: string, org: IntegrationOrg, code: string): Promise<string> {
  await limitsOf(ctx).attempt([['partner_code', `${org.uuid}:${ip}`]], async () => {
    // DESIGN "Three kinds of no": the backend answers a wrong partner code with 503.
    if (!verifyTotp(org.totp_secret, code)) throw new HttpError(503, INVALID_PARTNER_CODE, { code: 'invalid_verification_code' });
  });
  return partnerProof(ctx.secret, org.uuid);
}

/** What a company subdomain shows before sign-in (a subdomain is public; organisations without one are not found). */
export async function companySite(q: Queryable, shortCode: string) {
  const [o] = await q.query<{ name: string; uuid: string; short_code: string; show_card_dashboard: boolean }>(
    `SELECT name, uuid::text, short_code, show_card_dashboard FROM organisations WHERE short_code = $1`,
    [shortCode],
  );
  if (!o) throw notFound(`No company site ${shortCode}`);
  return {
    company_profile: { name: o.name, uuid: o.uuid, short_code: o.short_code },
    feature_flags: { show_card_dashboard: o.show_card_dashboard },
  };
}

/**
 * A hand-off to the employee's company subdomain: a partner-signed JWT for b2b_link, single-use by its
 * jti, living `ttlS`; the session it starts there is linked to this one (`tokenId`, the caller's
 * session), so logging out either ends both. 422 for an account without a company site.
 */
export async function partnerHandoff(
  q: Queryable,
  user: Pick<UserRow, 'organisation_id' | 'email' | 'usertype'>,
  tokenId: number,
  ttlS: number,
) {
  const [org] = await q.query<{ uuid: string; partner_secret: string; short_code: string | null }>(
    `SELECT uuid::text, partner_secret, short_code FROM organisations WHERE id = $1`,
    [user.organisation_id ?? 0],
  );
  if (!org?.short_code || !user.email || user.usertype === 'patient') throw unprocessable('No company site for this account');
  const [{ session_link: link }] = (await q.query<{ session_link: string }>(
    `UPDATE auth_tokens SET session_link = COALESCE(session_link, $2) WHERE id = $1 RETURNING session_link`,
    [tokenId, randomToken(16)],
  )) as [{ session_link: string }];
  const jwt = await signPartnerJwt(org, { email: user.email, purpose: HANDOFF_PURPOSE, session_link: link }, ttlS);
  return { jwt_token: jwt, company_profile_uuid: org.uuid, short_code: org.short_code, expires_in: ttlS };
}

/** What a partner JWT is taken for: its `purpose` claim names it (none: a partner's sign-in link by e-mail). */
type PartnerJwtUse = 'b2b_link' | 'partner_session';

async function verifyPartnerJwt(ctx: Ctx, ip: string, companyUuid: string, jwt: string, message: string, use: PartnerJwtUse) {
  const limits = limitsOf(ctx);
  const org = await partnerOrg(ctx, companyUuid);
  const { claims, email, found } = await limits.attempt([['partner_token', ip]], async () => {
    // A kli link names a CRN, not an e-mail, and signs in only through kli auto-login; a hand-off only through b2b_link.
    const c = await acceptPartnerJwt(ctx.db, org, jwt, (x: JWTPayload) =>
      x.purpose === undefined ? true : use === 'b2b_link' && x.purpose === HANDOFF_PURPOSE ? handoffSessionLive(ctx.db, x) : false,
    );
    const e = c && typeof c.email === 'string' ? normaliseEmail(c.email) : undefined;
    const u = e ? await findUser(ctx.db, 'email', e) : undefined;
    if (!c || !e || (u && u.organisation_id !== org.id)) throw unprocessable(message);
    return { claims: c, email: e, found: u };
  });
  let user = found;
  // A partner's employee arriving for the first time gets an account in that organisation; the
  // partner vouches for the e-mail.
  user ??= await createUser(
    ctx.db,
    {
      usertype: 'employee',
      email,
      firstName: String(claims.first_name ?? ''),
      lastName: String(claims.last_name ?? ''),
      organisationId: org.id,
      emailProven: true,
    },
    randomToken(14),
  );
  return { user, org, claims };
}

export interface PartnerJwtBody {
  jwt_token: string;
  company_profile_uuid: string;
}

/** b2b link: a partner-signed JWT (or a hand-off from the main site, whose session it then joins). */
export async function b2bLinkSignIn(ctx: Ctx, ip: string, reply: AnswerHeaders, b: PartnerJwtBody) {
  const { user, claims } = await verifyPartnerJwt(
    ctx,
    ip,
    b.company_profile_uuid,
    b.jwt_token,
    'Error authenticating user. Please provide a valid token.',
    'b2b_link',
  );
  const data = await signIn(ctx, ctx.db, reply, user);
  await linkHandoffSession(ctx.db, claims, reply, user.id);
  return data;
}

/** A partner session: a partner-signed JWT, with the partner proof of that same organisation. */
export async function partnerSessionSignIn(
  ctx: Ctx,
  ip: string,
  headers: Record<string, unknown>,
  reply: AnswerHeaders,
  b: PartnerJwtBody,
) {
  if ((await provenPartner(ctx, headers)) !== b.company_profile_uuid.toLowerCase()) {
    await limitsOf(ctx).take('partner_token', ip);
    throw unprocessable('Invalid auth token', { errors: [`Verify the partner code first (${PARTNER_PROOF_HEADER} header)`] });
  }
  const { user } = await verifyPartnerJwt(ctx, ip, b.company_profile_uuid, b.jwt_token, 'Invalid auth token', 'partner_session');
  return signIn(ctx, ctx.db, reply, user);
}

/** kli auto-login: the one employee the organisation's kli link names by CRN; every refusal is the same 422. */
export async function kliAccount(
  ctx: Ctx,
  ip: string,
  headers: Record<string, unknown>,
  crn: string,
  jwt: string | undefined,
): Promise<UserRow> {
  return limitsOf(ctx).attempt([['crn', ip]], async () => {
    const orgUuid = await provenPartner(ctx, headers);
    const org = orgUuid ? await partnerOrg(ctx, orgUuid) : undefined;
    // The partner vouches for exactly one employee, once: the link names the CRN and is used up here.
    const claims = org && jwt ? await acceptPartnerJwt(ctx.db, org, jwt, (c) => c.purpose === KLI_PURPOSE && c.crn === crn) : null;
    const found = org && claims ? await findUserByCrn(ctx.db, crn, org.id) : undefined;
    if (!found) throw unprocessable('Unable to log in with this CRN');
    return found;
  });
}
