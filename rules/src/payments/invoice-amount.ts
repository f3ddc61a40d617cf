// How the invoice PDF writes an amount: the currency code and two decimals, grouped as the currency's
// country groups ("INR 1,50,000.00", "USD 120.00"). The code, not the symbol, only because the PDF's
// standard fonts have no ₹; every screen writes money with `moneyText` ("₹1,50,000").
export function invoiceAmount(amount: number, currency: string): string {
  const grouping = currency === 'INR' ? 'en-IN' : 'en-US';
  return `${currency} ${amount.toLocaleString(grouping, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
