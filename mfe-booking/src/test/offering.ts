// A provider's offering as the api lists it (a fee in `currency`, an international price in dollars or
// none), for the tests that price cards and sessions.
export const offering = (fee: number, usd: number | null, currency = 'INR') => ({
  minimum_fee: fee,
  currency,
  display_text: `₹${fee}`,
  international_pricing_display_text: usd ? `$${usd}` : '',
  international_price: usd ? { amount: usd, currency: 'USD' } : null,
  couple: null,
});
