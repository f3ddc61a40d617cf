// RFC 6238 TOTP (SHA-1, 6 digits, 30 s), used for the partner one-time code.
import { createHmac } from 'node:crypto';

export function totp(secret: string, at = Date.now(), step = 30): string {
  const counter = Math.floor(at / 1000 / step);
  const buf = Buffer.alloc(8);
  buf.writeBigUInt64BE(BigInt(counter));
  const h = createHmac('sha1', Buffer.from(secret, 'utf8')).update(buf).digest();
  const off = (h[h.length - 1] ?? 0) & 0xf;
  const code = (h.readUInt32BE(off) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** Accepts the current code and the one before or after (clock drift). */
export function verifyTotp(secret: string, code: string, at = Date.now()): boolean {
  return [-1, 0, 1].some((d) => totp(secret, at + d * 30_000) === code);
}
