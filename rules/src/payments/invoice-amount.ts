// How an invoice and the payments list write an amount: the currency code and two decimals, grouped as
// the currency's country groups ("INR 1,50,000.00", "USD 120.00"). The code, not the currency symbol:
// the PDF's standard fonts have no ₹, and the list should read as the document does.
export function invoiceAmount(amount: number, currency: string): string {
  const grouping = currency === 'INR' ? 'en-IN' : 'en-US';
  return `${currency} ${amount.toLocaleString(grouping, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
