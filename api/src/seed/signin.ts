// Two demo organisations whose employees sign in through their company's
// identity provider (the api's development OpenID provider, /sso/v1/dev-idp/<slug>). The employees
// live in that provider's directory (below); their Haven accounts are made on first sign-in.
import type { Queryable } from '../db/index.js';
import { randomToken } from '../identity/index.js';

/** Where the development provider answers (the api's port in `npm start` and the browser suite). */
export const DEV_IDP_BASE = 'http://localhost:4000/sso/v1/dev-idp';

export interface DevSsoOrganisation {
  slug: string;
  uuid: string;
  name: string;
  domain: string;
  clientId: string;
  /** The provider's directory: the demo employee (password: the demo password). */
  employee: { email: string; firstName: string; lastName: string };
}

export const DEV_SSO_ORGANISATIONS: readonly DevSsoOrganisation[] = [
  {
    slug: 'northwind',
    uuid: '9c4d5e6f-7a8b-4c9d-8eaf-d4e5f6a7b8c9',
    name: 'Northwind Traders',
    domain: 'northwind.test',
    clientId: 'haven-web-northwind',
    employee: { email: 'anna@northwind.test', firstName: 'Anna', lastName: 'Berg' },
  },
  {
    slug: 'contoso',
    uuid: 'ad5e6f7a-8b9c-4dae-9fb0-e5f6a7b8c9d0',
    name: 'Contoso',
    domain: 'contoso.test',
    clientId: 'haven-web-contoso',
    employee: { email: 'ravi@contoso.test', firstName: 'Ravi', lastName: 'Kumar' },
  },
];

export const devIssuerOf = (slug: string) => `${DEV_IDP_BASE}/${slug}`;

/**
 * Demo accounts already linked to their people at the development issuers (Google's subject is the
 * e-mail, Apple's apple-<e-mail>, Facebook's fb-<e-mail>), so they sign in that way; any other existing
 * account meets the link step first.
 */
export const DEV_LINKED_IDENTITIES: readonly { email: string; provider: 'google' | 'apple' | 'facebook'; subject: string }[] = [
  { email: 'patient@haven.test', provider: 'google', subject: 'patient@haven.test' },
  { email: 'patient@haven.test', provider: 'apple', subject: 'apple-patient@haven.test' },
  { email: 'intl@haven.test', provider: 'facebook', subject: 'fb-intl@haven.test' },
  { email: 'clinician@haven.test', provider: 'apple', subject: 'apple-clinician@haven.test' },
  { email: 'clinician@haven.test', provider: 'facebook', subject: 'fb-clinician@haven.test' },
];

export async function seedSignin(q: Queryable) {
  for (const l of DEV_LINKED_IDENTITIES) {
    await q.query(`INSERT INTO linked_accounts (user_id, provider, subject, email) SELECT id, $2, $3, email FROM users WHERE email = $1`, [
      l.email,
      l.provider,
      l.subject,
    ]);
  }
  for (const o of DEV_SSO_ORGANISATIONS) {
    const [org] = await q.query<{ id: number }>(
      `INSERT INTO organisations (uuid, name, short_code, show_card_dashboard, is_cf_partner, partner_secret, totp_secret, max_member_count, visibility)
       VALUES ($1, $2, NULL, false, false, $3, $4, 0, '{}') RETURNING id`,
      [o.uuid, o.name, randomToken(32), randomToken(20)],
    );
    await q.query(
      `INSERT INTO sso_connections (organisation_id, domain, issuer, client_id, jwks_uri, dev_slug) VALUES ($1, $2, $3, $4, NULL, $5)`,
      [org!.id, o.domain, devIssuerOf(o.slug), o.clientId, o.slug],
    );
  }
}
