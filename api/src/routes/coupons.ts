// Coupons: the public list, and validation against a provider's fee. Applying happens when the
// temporary transaction is started (payments.ts), so the discount is decided by the api, never the page.
import { Type } from '@sinclair/typebox';
import { notFound, unprocessable, type App } from '../lib/http.js';
import type { Queryable } from '../db/index.js';
import { limitsOf } from '../lib/limits.js';

export interface CouponRow { code: string; description: string; discount_percentage: number | null; discount_amount: number | null; currency: string | null; is_public: boolean; active: boolean }
const Coupon = Type.Object({ code: Type.String(), description: Type.String(), discount_percentage: Type.Union([Type.Integer(), Type.Null()]), discount_amount: Type.Union([Type.Integer(), Type.Null()]), currency: Type.Union([Type.String(), Type.Null()]) });
const couponOut = (c: CouponRow) => ({ code: c.code, description: c.description, discount_percentage: c.discount_percentage, discount_amount: c.discount_amount, currency: c.currency });

/** The amount after the coupon; throws 422 when the coupon does not apply to this fee. */
export async function discounted(q: Queryable, code: string, fee: number, currency: string): Promise<{ coupon: CouponRow; amount: number }> {
  const c = (await q.query<CouponRow>(`SELECT * FROM coupons WHERE code = upper($1) AND active`, [code.trim()]))[0];
  if (!c) throw unprocessable('This coupon code is not valid');
  if (c.discount_amount !== null && c.currency !== currency) throw unprocessable(`This coupon is for ${c.currency} fees`);
  const off = c.discount_percentage !== null ? Math.round((fee * c.discount_percentage) / 100) : (c.discount_amount ?? 0);
  return { coupon: c, amount: Math.max(0, fee - off) };
}

/** Coupon codes checked per account and per client address (config/limits.ts). */
export async function takeCouponLimits(app: App, userId: number, ip: string): Promise<void> {
  const limits = limitsOf(app.ctx);
  await limits.take('coupon_check_address', ip);
  await limits.take('coupon_check_user', String(userId));
}

export async function couponRoutes(app: App) {
  const db = app.ctx.db;
  // Public coupons are advertised (on listings when cf_coupon_enabled), so the list needs no sign-in.
  app.get('/coupons', {
    schema: { tags: ['coupons'], summary: 'Coupon list (public, active)', response: { 200: Type.Object({ data: Type.Array(Coupon) }) } },
  }, async () => ({ data: (await db.query<CouponRow>(`SELECT * FROM coupons WHERE active AND is_public ORDER BY code`)).map(couponOut) }));

  app.post('/coupons/validate', {
    config: { auth: true },
    schema: {
      tags: ['coupons'], summary: 'Validate a coupon against a provider fee',
      body: Type.Object({
        code: Type.String({ minLength: 1, maxLength: 40 }), provider_uuid: Type.String({ format: 'uuid' }),
        mode: Type.Union([Type.Literal('online'), Type.Literal('offline')]), session_type: Type.Optional(Type.Union([Type.Literal('individual'), Type.Literal('couple')])),
      }),
      response: { 200: Type.Object({ data: Type.Object({ coupon: Coupon, fee: Type.Integer(), amount: Type.Integer(), currency: Type.String() }) }) },
    },
  }, async (req) => {
    await takeCouponLimits(app, req.actor.id, req.ip);
    const b = req.body;
    const p = (await db.query<{ online_offering: Offering | null; offline_offering: Offering | null }>(`SELECT online_offering, offline_offering FROM providers WHERE uuid::text = $1`, [b.provider_uuid]))[0];
    if (!p) throw notFound(`No provider ${b.provider_uuid}`);
    const o = b.mode === 'online' ? p.online_offering : p.offline_offering;
    if (!o) throw unprocessable(`Provider does not offer ${b.mode} sessions`);
    const fee = b.session_type === 'couple' ? (o.couple?.minimum_fee ?? o.minimum_fee) : o.minimum_fee;
    const { coupon, amount } = await discounted(db, b.code, fee, o.currency);
    return { data: { coupon: couponOut(coupon), fee, amount, currency: o.currency } };
  });
}
interface Offering { minimum_fee: number; currency: string; couple: { minimum_fee: number } | null }
