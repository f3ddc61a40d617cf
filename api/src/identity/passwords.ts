import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { PASSWORD_COST } from '../core/config.js';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
// N=16384 (PASSWORD_COST), r=8, p=1: the scrypt parameters recommended for interactive logins.
const PARAMS = { N: PASSWORD_COST, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * The cost new hashes are made with: the runtime config's (startApi sets it; production's is always
 * PASSWORD_COST, a test run may lower it). A hash keeps its own cost, so a change never breaks a check.
 */
export function setPasswordCost(n: number): void {
  if (n === PARAMS.N) return;
  PARAMS.N = n;
  dummy = undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const got = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, got);
}

let dummy: Promise<string> | undefined;
/** A hash of nothing anybody knows: sign-in checks it for unknown e-mails so they take as long as known ones. */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/** Access tokens and one-time codes are random, so a fast hash is enough to store them. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');
