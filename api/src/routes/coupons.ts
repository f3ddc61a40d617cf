// Coupons: the public list, validation against a provider's price, and applying one to a booking (when
// its temporary transaction is started, payments.ts), so the discount is decided by the api, never the page.
import { Type } from '@sinclair/typebox';
import type { App } from '../core/http.js';
import { accountOf, couponQuote, publicCoupons, takeCouponLimits, type CouponRow, LocationTimezone } from '../payments/index.js';
import { locatedRequest } from '../accounts/index.js';
import { providerByUuid } from '../providers/index.js';

const Coupon = Type.Object({
  code: Type.String(),
  description: Type.String(),
  discount_percentage: Type.Union([Type.Integer(), Type.Null()]),
  discount_amount: Type.Union([Type.Integer(), Type.Null()]),
  currency: Type.Union([Type.String(), Type.Null()]),
});
const couponOut = (c: CouponRow) => ({
  code: c.code,
  description: c.description,
  discount_percentage: c.discount_percentage,
  discount_amount: c.discount_amount,
  currency: c.currency,
});

export async function couponRoutes(app: App) {
  const db = app.ctx.db;
  // Public coupons are advertised (on listings, only while cf_coupon_enabled), so the list needs no sign-in.
  app.get(
    '/coupons',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Coupon list (public, active; empty while the flag public_show_coupon_code_on_customer_listing is off)',
        response: { 200: Type.Object({ data: Type.Array(Coupon) }) },
      },
    },
    async () => ({ data: (await publicCoupons(db)).map(couponOut) }),
  );

  app.post(
    '/coupons/validate',
    {
      config: { auth: true },
      schema: {
        tags: ['coupons'],
        summary: 'Validate a coupon against a provider fee',
        body: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 40 }),
          provider_uuid: Type.String({ format: 'uuid' }),
          mode: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
          session_type: Type.Optional(Type.Union([Type.Literal('individual'), Type.Literal('couple')])),
          location_timezone: LocationTimezone,
          start_time: Type.Optional(
            Type.String({ format: 'date-time', description: "the time being booked: the quote carries that time's schedule discount" }),
          ),
          duration_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 600, description: 'the length being booked (default 50)' })),
        }),
        response: {
          200: Type.Object({
            data: Type.Object({
              coupon: Coupon,
              fee: Type.Integer({ description: 'the price before the coupon' }),
              amount: Type.Integer({ description: 'the price with the coupon (the total of lines)' }),
              currency: Type.String(),
              lines: Type.Array(
                Type.Object({
                  kind: Type.String({ description: 'list | schedule_discount | offer | coupon | package' }),
                  label: Type.String(),
                  amount: Type.Integer(),
                }),
                { description: 'how the amount adds up by the one price rule (discounts negative)' },
              ),
            }),
          }),
        },
      },
    },
    async (req) => {
      await takeCouponLimits(app.ctx, req.actor.id, req.ip);
      const b = req.body;
      const p = await providerByUuid(db, b.provider_uuid);
      const q = await couponQuote(
        db,
        b.code,
        p,
        b.mode,
        b.session_type,
        async () =>
          (
            await locatedRequest(db, accountOf(req.actor), {
              address: req.ip,
              zone: b.location_timezone,
              now: Date.now(),
              zoneDecides: !app.ctx.isProduction,
              booking: false,
            })
          ).international,
        b.start_time ? { start: Date.parse(b.start_time), durationMinutes: b.duration_minutes ?? 50 } : undefined,
      );
      return { data: { ...q, coupon: couponOut(q.coupon) } };
    },
  );
}
