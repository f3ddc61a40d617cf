// A real Firebase project by configuration: with a service account (HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE,
// the JSON key file the Firebase console downloads), the users' and session rooms' fb_token are custom
// tokens Firebase Auth accepts (RS256, signed by the service account); without one they are the local
// HS256 tokens of the api's auth emulator (both minted in tokens.ts).
import { readFileSync } from 'node:fs';
import { ConfigError, type ServiceAccount } from '../core/config.js';

export type { ServiceAccount };

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
    throw new ConfigError(
      `HAVEN_FIREBASE_SERVICE_ACCOUNT_FILE ${file}: not a service account key (type, project_id, client_email, private_key)`,
    );
  }
  return { projectId, clientEmail, privateKey };
}
