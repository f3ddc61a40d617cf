// Who issues Haven's invoices and credit notes (api/README.md, "Invoices"). In production the legal
// details come from the environment and documents are refused (503) until they are set: an invoice
// with a made-up seller is worse than none. Development and test use the demo seller below.

export interface Seller {
  legalName: string;
  address: string;
  taxId: string | null;
  email: string | null;
}

export const DEMO_SELLER: Seller = {
  legalName: 'Haven Care Demo Private Limited',
  address: '100 Feet Road, Indiranagar, Bengaluru 560038, Karnataka, India',
  taxId: null,
  email: 'billing@haven.test',
};

/** HAVEN_LEGAL_NAME, HAVEN_LEGAL_ADDRESS (required in production), HAVEN_TAX_ID and HAVEN_BILLING_EMAIL (optional). */
export function sellerFromEnv(env: NodeJS.ProcessEnv, isProduction: boolean): Seller | null {
  const legalName = env.HAVEN_LEGAL_NAME?.trim();
  const address = env.HAVEN_LEGAL_ADDRESS?.trim();
  if (!legalName || !address) return isProduction ? null : DEMO_SELLER;
  return { legalName, address, taxId: env.HAVEN_TAX_ID?.trim() || null, email: env.HAVEN_BILLING_EMAIL?.trim() || null };
}

/** Invoice numbers: PREFIX-YEAR-000042, YEAR being the start of the Indian financial year (1 April). */
export const INVOICE_PREFIX = { invoice: 'INV', credit_note: 'CN', extension_invoice: 'EXT' } as const;
export const FINANCIAL_YEAR_ZONE = 'Asia/Kolkata';

/**
 * Refunds the gateway did not answer are asked again (payments/refunds.ts retryDueRefunds), with the same
 * idempotency key, so the gateway refunds once: at most REFUND_MAX_ATTEMPTS asks in all, the first included.
 */
export const REFUND_MAX_ATTEMPTS = 5;
/** A requested refund with no answer recorded this long after its ask is presumed lost (the process died). */
export const REFUND_ANSWER_LOST_MINUTES = 5;
/** After a transient failure (timeout, 5xx) the next ask waits 2, 4, 8, 16 minutes. */
export const REFUND_RETRY_FIRST_GAP_MINUTES = 2;
/** How often each api process looks for refunds due to be asked again (HAVEN_REFUND_RETRY_MS overrides it). */
export const REFUND_RETRY_SWEEP_SECONDS = 60;
