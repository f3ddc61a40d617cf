// Employer SSO connections: an organisation's OpenID provider, found by an e-mail's domain (the most
// specific domain first) or by the connection's id; a development provider by its slug.
import type { JWTVerifyGetKey } from 'jose';
import type { SsoConfig } from '../core/config.js';
import type { Queryable } from '../db/index.js';
import { developmentKeys, remoteKeys } from './jwks.js';

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

/**
 * Where a connection's signing keys come from in this stage: its published key set (jwks_uri) in every
 * stage; for the api's development provider (no key set of its own), the development key in-process in
 * the development stage only, and in the test stage the key set it publishes, read over HTTP as a
 * company's is; null: its tokens are refused (production, or a connection that is neither).
 */
export function connectionKeySource(c: SsoConnection, sso: SsoConfig): 'development' | string | null {
  if (c.jwks_uri) return c.jwks_uri;
  if (!c.dev_slug) return null;
  if (sso.development) return 'development';
  return sso.standInBase ? `${sso.standInBase}/${encodeURIComponent(c.dev_slug)}/jwks` : null;
}

/** The key set that verifies a connection's ID tokens in this stage (connectionKeySource), or null. */
export async function connectionKeys(c: SsoConnection, sso: SsoConfig): Promise<JWTVerifyGetKey | null> {
  const source = connectionKeySource(c, sso);
  if (source === 'development') return developmentKeys();
  return source ? remoteKeys(source, 'your company’s sign-in') : null;
}
