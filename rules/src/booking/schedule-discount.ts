// Product rules, Providers and fees: "schedule discounts": some hours of a provider's week are booked at a lower fee. One rule for
// the api (which charges it) and the booking pages (which show it): dependency-free, so the api imports it.

export interface ScheduleDiscountRule {
  /** ISO weekdays (1 = Monday … 7 = Sunday) in the provider's time zone. */
  weekdays: readonly number[];
  /** Provider-local hours: the discount applies to sessions starting at start_hour … end_hour - 1. */
  start_hour: number;
  end_hour: number;
  /** Whole percent off, 1 to 99. */
  percent: number;
  label: string;
}

export interface AppliedDiscount {
  percent: number;
  label: string;
}

/** The discount for a session starting at this provider-local weekday and hour: the largest that applies. */
export function discountAt(rules: readonly ScheduleDiscountRule[], local: { isoWeekday: number; hour: number }): AppliedDiscount | null {
  let best: AppliedDiscount | null = null;
  for (const r of rules) {
    if (!r.weekdays.includes(local.isoWeekday) || local.hour < r.start_hour || local.hour >= r.end_hour) continue;
    if (!(r.percent > 0 && r.percent < 100)) continue;
    if (!best || r.percent > best.percent) best = { percent: r.percent, label: r.label };
  }
  return best;
}

/** The fee after `percent` off, in whole currency units (fees are whole rupees or dollars), never below 0. */
export function discountedFee(fee: number, percent: number): number {
  if (!(fee > 0) || !(percent > 0)) return Math.max(0, fee);
  return Math.max(0, Math.round((fee * (100 - Math.min(percent, 100))) / 100));
}

/** The short text on a date or time that has a discount: '20% off'. */
export const discountText = (percent: number) => `${percent}% off`;
