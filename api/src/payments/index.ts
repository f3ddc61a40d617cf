// Money: the price rule applied to a booking, coupons, organisation packages, the payment gateway,
// invoices (and their PDF) and refunds. The public surface of api/src/payments.
export * from './booking-holds.js';
export * from './captured-payments.js';
export * from './coupons.js';
export * from './invoice-pdf.js';
export * from './invoices.js';
export * from './package-credits.js';
export * from './packages.js';
export * from './payment-gateway.js';
export * from './pricing.js';
export * from './refunds.js';
export * from './transactions.js';
export * from './session-extensions.js';
