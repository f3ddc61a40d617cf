// Sign-in and security of the patient's account (product rules, Sign-in and identity): linked accounts (listed and
// unlinked, never the last way in) and the account PIN (set, reset with the current PIN, reset by a
// one-time code). The PIN is hashed like a password; every PIN check and every code sent is rate-limited.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { unprocessable, type App } from '../core/http.js';
import { signedIn } from '../core/route-options.js';
import { CodeSent, Nullable, Success, Uuid } from '../core/schemas.js';
import {
  accountCodeDestination,
  canUnlink,
  linkedAccountsOf,
  otherWaysIn,
  requirePrimary,
  sendAccountCode,
  storePin,
  unlinkAccount,
  useCode,
  verifyPassword,
} from '../identity/index.js';
import { limitsOf } from '../core/limits.js';
import { pinProblem, PIN_MESSAGES, PIN_LENGTH } from '@haven/rules';

const accountRoute = signedIn('account');
export const PIN_ALREADY_SET_MESSAGE = 'You already have a PIN. Change it with your current PIN, or reset it with a code.';
export const NO_PIN_MESSAGE = 'You have no PIN yet. Set one first.';
export const WRONG_PIN_MESSAGE = 'Your current PIN is not right.';

const PIN = Type.String({
  minLength: 1,
  maxLength: 16,
  description: `${PIN_LENGTH} digits, not one digit repeated nor a run (1234, 4321)`,
});
const CODE = Type.String({ pattern: '^[0-9]{4,8}$' });
const LinkedAccountJson = Type.Object({
  uuid: Type.String(),
  provider: Type.String(),
  email: Nullable(Type.String()),
  linked_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  can_unlink: Type.Boolean({
    description: "false when it is the account's last way in (no password, no proven e-mail or number, no other link)",
  }),
});
const PinState = Type.Object({ pin_set: Type.Boolean(), updated_at: Nullable(Type.String()) });

/** The PIN rule (shared with the browser) or 422 naming it on the `pin` field. */
function checkNewPin(pin: string) {
  const problem = pinProblem(pin);
  if (problem) throw unprocessable(PIN_MESSAGES[problem], { field: 'pin' });
}

export async function accountSecurityRoutes(app: App) {
  const { ctx } = app;
  const db = ctx.db;

  // ---- linked accounts (of the account holder, whichever profile is acting) ----
  app.get(
    '/customers/linked_accounts',
    accountRoute('My linked sign-in accounts (Google), each saying whether it may be unlinked', {
      response: { 200: Type.Object({ data: Type.Array(LinkedAccountJson) }) },
    }),
    async (req) => {
      const rows = await linkedAccountsOf(db, req.user.id);
      const unlinkable = canUnlink(otherWaysIn(req.user), rows.length);
      return {
        data: rows.map((r) => ({
          uuid: r.uuid,
          provider: r.provider,
          email: r.email,
          linked_at: new Date(r.linked_at).toISOString(),
          last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
          can_unlink: unlinkable,
        })),
      };
    },
  );
  app.delete(
    '/customers/linked_accounts/:uuid',
    accountRoute("Unlink one of my linked accounts (404 for anyone else's; 422 when it is my last way in)", {
      params: Type.Object({ uuid: Uuid }),
      response: { 200: Success },
    }),
    async (req) => {
      requirePrimary(req, 'unlink an account');
      await unlinkAccount(db, req.user.id, req.params.uuid);
      return { success: true, message: 'Unlinked' };
    },
  );

  // ---- the account PIN ----
  const pinState = (u: { pin_hash: string | null; pin_updated_at: string | Date | null }) => ({
    pin_set: u.pin_hash !== null,
    updated_at: u.pin_updated_at ? new Date(u.pin_updated_at).toISOString() : null,
  });

  app.get(
    '/customers/pin',
    accountRoute('Whether my account has a PIN (never the PIN)', { response: { 200: Type.Object({ data: PinState }) } }),
    async (req) => ({ data: pinState(req.user) }),
  );

  /**
   * The one shape of every route that gives the account a new PIN: the primary profile only, the PIN
   * state the route needs, the PIN rule (before the proof, so a mistyped PIN does not use up a code),
   * then the route's proof (nothing, the current PIN, or a code; each under its limits), then the
   * hashed PIN stored.
   */
  const newPin = async (
    req: FastifyRequest,
    action: string,
    needs: 'no-pin' | 'pin' | 'either',
    pin: string,
    prove: () => Promise<void>,
  ) => {
    requirePrimary(req, action);
    if (needs === 'no-pin' && req.user.pin_hash !== null) throw unprocessable(PIN_ALREADY_SET_MESSAGE, { code: 'pin_set' });
    if (needs === 'pin' && req.user.pin_hash === null) throw unprocessable(NO_PIN_MESSAGE, { code: 'no_pin' });
    checkNewPin(pin);
    await prove();
    return { data: pinState(await storePin(db, req.user.id, pin)) };
  };
  /** The current PIN, under the wrong-PIN limits per account and per client address. */
  const proveCurrentPin = async (req: FastifyRequest, currentPin: string) => {
    const limits = limitsOf(ctx);
    const hash = req.user.pin_hash!;
    // Per account only: someone else's wrong PINs from the same address never refuse this person's.
    await limits.attempt([['pin_wrong_user', String(req.user.id)]], async () => {
      if (!(await verifyPassword(currentPin, hash))) throw unprocessable(WRONG_PIN_MESSAGE, { field: 'current_pin' });
    });
  };

  app.post(
    '/customers/pin',
    accountRoute('Set my account PIN (only when it has none; stored hashed)', {
      body: Type.Object({ pin: PIN }),
      response: { 200: Type.Object({ data: PinState }) },
    }),
    async (req) => newPin(req, 'set the PIN', 'no-pin', req.body.pin, async () => undefined),
  );

  app.put(
    '/customers/pin',
    accountRoute('Reset my PIN with the current one (wrong current PINs are rate-limited per account)', {
      body: Type.Object({ current_pin: Type.String({ minLength: 1, maxLength: 16 }), pin: PIN }),
      response: { 200: Type.Object({ data: PinState }) },
    }),
    async (req) => newPin(req, 'change the PIN', 'pin', req.body.pin, () => proveCurrentPin(req, req.body.current_pin)),
  );

  app.post(
    '/customers/pin/reset_otp',
    accountRoute("Send a code to reset my PIN (to the account's e-mail, else its phone)", {
      response: {
        200: Type.Composite([CodeSent, Type.Object({ expires_in: Type.Integer() })]),
      },
    }),
    async (req) => {
      requirePrimary(req, 'reset the PIN');
      const d = await sendAccountCode(ctx, req.user, req.ip, 'pin-reset');
      return { success: true as const, sent_to: d.to, channel: d.channel, expires_in: 600 };
    },
  );

  app.post(
    '/customers/pin/reset_otp/verify',
    accountRoute("Set a new PIN with the code sent by reset_otp (wrong codes count against the destination's limit)", {
      body: Type.Object({ code: CODE, pin: PIN }),
      response: { 200: Type.Object({ data: PinState }) },
    }),
    async (req) =>
      newPin(req, 'reset the PIN', 'either', req.body.pin, () =>
        useCode(ctx, 'pin-reset', accountCodeDestination(req.user).to, req.body.code),
      ),
  );
}
