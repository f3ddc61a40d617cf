// The demo providers' offerings: an INR fee with its international price (a USD amount, which its
// display text says too), or a USD fee.
const usdOf = (inr: number) => Math.round(inr / 40);
type IntlPrice = { amount: number; currency: string } | null;
export const inr = (fee: number, couple?: number) => ({
  minimum_fee: fee,
  currency: 'INR',
  display_text: `₹${fee.toLocaleString('en-IN')}`,
  international_pricing_display_text: `$${usdOf(fee)}`,
  international_price: (fee > 0 ? { amount: usdOf(fee), currency: 'USD' } : null) as IntlPrice,
  couple: couple
    ? {
        offering_couple: true,
        minimum_fee: couple,
        display_text: `₹${couple.toLocaleString('en-IN')}`,
        international_pricing_display_text: `$${usdOf(couple)}`,
        international_price: { amount: usdOf(couple), currency: 'USD' } as IntlPrice,
      }
    : null,
});
export const usd = (fee: number, couple?: number) => ({
  minimum_fee: fee,
  currency: 'USD',
  display_text: `$${fee}`,
  international_pricing_display_text: `$${fee}`,
  international_price: null,
  couple: couple
    ? {
        offering_couple: true,
        minimum_fee: couple,
        display_text: `$${couple}`,
        international_pricing_display_text: `$${couple}`,
        international_price: null,
      }
    : null,
});
