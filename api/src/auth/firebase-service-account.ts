// A real Firebase project by configuration: with a service account (HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE,
// the JSON key file the Firebase console downloads), the users' and session rooms' fb_token are custom
// tokens Firebase Auth accepts (RS256, signed by the service account); without one they are the local
// HS256 tokens of the api's auth emulator (auth/firebase.ts).
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { ConfigError } from '../lib/config.js';
import { mintCustomToken, type FirebaseIdentity } from './firebase.js';

export interface ServiceAccount { projectId: string; clientEmail: string; privateKey: string }

const CUSTOM_TOKEN_AUD = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';

/** Reads a service account key file; a ConfigError names the file and what is wrong. */
export function readServiceAccount(file: string): ServiceAccount {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new ConfigError(`HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE ${file}: ${(e as Error).message}`);
  }
  const str = (k: string) => (typeof json[k] === 'string' && json[k] ? (json[k] as string) : undefined);
  const projectId = str('project_id');
  const clientEmail = str('client_email');
  const privateKey = str('private_key');
  if (json.type !== 'service_account' || !projectId || !clientEmail || !privateKey?.includes('PRIVATE KEY')) {
    throw new ConfigError(`HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE ${file}: not a service account key (type, project_id, client_email, private_key)`);
  }
  return { projectId, clientEmail, privateKey };
}

/** A Firebase Auth custom token for `ident`, signed by the service account (valid one hour). */
export async function mintServiceAccountCustomToken(sa: ServiceAccount, ident: FirebaseIdentity): Promise<string> {
  const key = await importPKCS8(sa.privateKey, 'RS256');
  return new SignJWT({ uid: ident.uid, claims: ident.claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(sa.clientEmail).setSubject(sa.clientEmail).setAudience(CUSTOM_TOKEN_AUD)
    .setIssuedAt().setExpirationTime('1h')
    .sign(key);
}

/** The fb_token of an identity, for the configured Firebase: the real project's, or the local emulator's. */
export function customTokenFor(
  ctx: { firebaseSecret: string; firebaseProjectId: string; firebaseServiceAccount?: ServiceAccount },
  ident: FirebaseIdentity,
): Promise<string> {
  return ctx.firebaseServiceAccount
    ? mintServiceAccountCustomToken(ctx.firebaseServiceAccount, ident)
    : mintCustomToken(ctx.firebaseSecret, ctx.firebaseProjectId, ident);
}
