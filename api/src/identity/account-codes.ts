// Confirming an account action (a new e-mail or number, a PIN reset, closing the account) with a
// one-time code to the account's own address, and who may take such an action: the account holder
// acting as themselves, never as a secondary profile.
import { unprocessable, type Ctx } from '../core/http.js';
import { limitsOf } from '../core/limits.js';
import { deliver } from '../core/outbox.js';
import { PROOF_TTL_S, type LimitName } from '../config/limits.js';
import type { UserRow } from './accounts.js';
import { codeRefusal, consumeCode, issueCode, type CodePurpose } from './proofs.js';
import { accountCloseCode, pinResetCode, type MessageText } from '../messages/index.js';

/** Only the account's own (primary) profile may change identifiers, add profiles or close the account. */
export function requirePrimary(req: { user: UserRow; actor: UserRow }, what: string) {
  if (req.actor.id !== req.user.id) throw unprocessable(`Switch back to your own profile to ${what}.`);
}

/**
 * Consumes the code sent to `destination` for `purpose`; a wrong one (or one sent for another purpose)
 * counts against the destination's wrong-code limit.
 */
export async function useCode(ctx: Ctx, purpose: CodePurpose, destination: string, code: string) {
  const limits = limitsOf(ctx);
  await limits.attempt([['otp_wrong_destination', destination]], async () => {
    const result = await consumeCode(ctx.db, purpose, destination, code);
    if (result !== 'ok') {
      const refusal = codeRefusal(result, 'Invalid verification code');
      throw unprocessable(refusal.message, refusal.extra);
    }
  });
}

/** Where a code confirming an account action goes: the proven e-mail, else the proven number. */
export function accountCodeDestination(u: UserRow): { channel: 'email' | 'sms'; to: string } {
  if (u.email && u.email_verified_at) return { channel: 'email', to: u.email };
  if (u.phone_e164 && u.mobile_verified_at) return { channel: 'sms', to: u.phone_e164 };
  if (u.email) return { channel: 'email', to: u.email };
  if (u.phone_e164) return { channel: 'sms', to: u.phone_e164 };
  throw unprocessable('This account has no e-mail or phone to send a code to. Please contact support.');
}

/** The account actions confirmed by a code sent to the account: each one's send limits (per account, per client address) and message. */
const ACCOUNT_CODES = {
  'account-close': { limit: { user: 'account_close_user', address: 'account_close_address' }, message: accountCloseCode },
  'pin-reset': { limit: { user: 'pin_reset_code_user', address: 'pin_reset_code_address' }, message: pinResetCode },
} as const satisfies Partial<
  Record<CodePurpose, { limit: { user: LimitName; address: LimitName }; message: (code: string) => MessageText }>
>;

/**
 * Sends a code confirming an account action to the account's own address, under the action's limits
 * per account and per client address and the per-destination send limit. Returns where it went.
 */
export async function sendAccountCode(ctx: Ctx, user: UserRow, ip: string, purpose: keyof typeof ACCOUNT_CODES) {
  const { limit, message } = ACCOUNT_CODES[purpose];
  const d = accountCodeDestination(user);
  const limits = limitsOf(ctx);
  await limits.takeAll([
    [limit.address, ip],
    [limit.user, String(user.id)],
    ['otp_send_destination', `${d.channel}:${d.to}`],
  ]);
  await ctx.db.tx(async (q) => {
    const code = await issueCode(q, purpose, d.channel, d.to);
    await deliver(q, { channel: d.channel, to: d.to, ...message(code), code, validForS: PROOF_TTL_S.oneTimeCode });
  });
  return d;
}
