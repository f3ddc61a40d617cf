// Coupons: the public list, validation against a provider's price, and applying one to a booking (when
// its temporary transaction is started, payments.ts), so the discount is decided by the api, never the page.
import { Type } from '@sinclair/typebox';
import { notFound, unprocessable, type App } from '../core/http.js';
import { accountOf, price, discounted, takeCouponLimits, type CouponRow, LocationTimezone, locatedAt } from '../payments/index.js';
import type { ProviderOffer } from '@haven/rules';

const Coupon = Type.Object({ code: Type.String(), description: Type.String(), discount_percentage: Type.Union([Type.Integer(), Type.Null()]), discount_amount: Type.Union([Type.Integer(), Type.Null()]), currency: Type.Union([Type.String(), Type.Null()]) });
const couponOut = (c: CouponRow) => ({ code: c.code, description: c.description, discount_percentage: c.discount_percentage, discount_amount: c.discount_amount, currency: c.currency });

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
        location_timezone: LocationTimezone,
      }),
      response: { 200: Type.Object({ data: Type.Object({ coupon: Coupon, fee: Type.Integer(), amount: Type.Integer(), currency: Type.String() }) }) },
    },
  }, async (req) => {
    await takeCouponLimits(app.ctx, req.actor.id, req.ip);
    const b = req.body;
    const p = (await db.query<{ online_offering: Offering | null; offline_offering: Offering | null; offer: ProviderOffer | null }>(`SELECT online_offering, offline_offering, offer FROM providers WHERE uuid::text = $1`, [b.provider_uuid]))[0];
    if (!p) throw notFound(`No provider ${b.provider_uuid}`);
    const o = b.mode === 'online' ? p.online_offering : p.offline_offering;
    if (!o) throw unprocessable(`Provider does not offer ${b.mode} sessions`);
    // The same rule as the booking: list price in the patient's currency, the provider's discount, the coupon.
    const sessionType = b.session_type === 'couple' && o.couple?.offering_couple ? 'couple' : 'individual';
    const input = { offering: o, sessionType, durationMinutes: 50, scheduleDiscountPercent: 0, international: await locatedAt(db, accountOf(req.actor), b.location_timezone), offer: p.offer } as const;
    const before = price(input);
    const { coupon, amount } = await discounted(db, b.code, input);
    return { data: { coupon: couponOut(coupon), fee: before.total, amount, currency: before.currency } };
  });
}
interface Offering { minimum_fee: number; currency: string; couple: { offering_couple: boolean; minimum_fee: number } | null }
