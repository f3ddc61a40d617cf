/**
 * Product rules, Users and roles: provider flow `ancillary_assessment`: an assessment (e.g. a psychological
 * assessment) booked as its own session type, `session_type = 'ancillary_assessment'`. Its fee follows
 * the rule (shown only above 0; the lower of online and in clinic when the provider has commercials),
 * applied to the assessment's own fees. Plan visibility is the provider's roles' (plan-visibility.ts).
 */
import { moneyText, providerFee, type ProviderFee } from './provider-fee';

export const ANCILLARY_SESSION_TYPE = 'ancillary_assessment';

export interface AncillaryOfferingFees {
  currency: string;
  online_fee: number | null;
  offline_fee: number | null;
  /** The provider's commercials (only then do the two modes compete, product rules, Providers and fees). */
  commercials: { medium: string } | null;
}

/** '₹4,500' or '$200': the same display as the providers' fee texts. */
export function ancillaryFeeText(fee: number, currency: string): string {
  return moneyText(fee, currency);
}

const asOffering = (fee: number | null, currency: string) =>
  fee === null ? null : { minimum_fee: fee, currency, display_text: ancillaryFeeText(fee, currency) };

/** The fee of an ancillary assessment over both modes, or of one mode when `mode` is given. */
export function ancillaryFee(o: AncillaryOfferingFees, mode?: 'online' | 'offline'): ProviderFee | null {
  return providerFee({
    online_offering: mode === 'offline' ? null : asOffering(o.online_fee, o.currency),
    offline_offering: mode === 'online' ? null : asOffering(o.offline_fee, o.currency),
    commercials: o.commercials,
  });
}

/** The modes an ancillary assessment is offered in (a fee set, free included). */
export function ancillaryModes(o: Pick<AncillaryOfferingFees, 'online_fee' | 'offline_fee'>): Array<'online' | 'offline'> {
  return (['online', 'offline'] as const).filter((m) => (m === 'online' ? o.online_fee : o.offline_fee) !== null);
}
