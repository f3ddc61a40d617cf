// Employer SSO connections: an organisation's OpenID provider, found by an e-mail's domain (the most
// specific domain first) or by the connection's id; a development provider by its slug.
import type { Queryable } from '../db/index.js';

export interface SsoConnection {
  uuid: string;
  organisation_id: number;
  organisation_name: string;
  domain: string;
  issuer: string;
  client_id: string;
  jwks_uri: string | null;
  dev_slug: string | null;
}
const SELECT = `SELECT c.uuid::text, c.organisation_id, o.name AS organisation_name, c.domain, c.issuer, c.client_id, c.jwks_uri, c.dev_slug
                  FROM sso_connections c JOIN organisations o ON o.id = c.organisation_id`;

/** The connection of the longest of the candidate domains that has one. */
export async function ssoConnectionForDomains(q: Queryable, candidates: string[]): Promise<SsoConnection | undefined> {
  return (
    await q.query<SsoConnection>(`${SELECT} WHERE c.domain = ANY($1::text[]) ORDER BY length(c.domain) DESC LIMIT 1`, [candidates])
  )[0];
}

/** A connection by its id (case-insensitive). */
export async function ssoConnection(q: Queryable, uuid: string): Promise<SsoConnection | undefined> {
  return (await q.query<SsoConnection>(`${SELECT} WHERE c.uuid::text = $1`, [uuid.toLowerCase()]))[0];
}

/** The issuer of the development identity provider with this slug. */
export async function devSsoIssuer(q: Queryable, slug: string): Promise<string | undefined> {
  return (await q.query<{ issuer: string }>(`SELECT issuer FROM sso_connections WHERE dev_slug = $1`, [slug]))[0]?.issuer;
}
