// Browser storage (product rules, What the client keeps) `providerInCart`: the provider being booked, so a reload (or a log-in round
// trip) comes back to the same booking.
import { reportError } from '@haven/shared';

export const PROVIDER_IN_CART_KEY = 'providerInCart';

export interface ProviderInCart {
  uuid: string;
  firstname: string;
  lastname: string;
}

export function readProviderInCart(storage: Storage = localStorage): ProviderInCart | null {
  const raw = storage.getItem(PROVIDER_IN_CART_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ProviderInCart>;
    return typeof v.uuid === 'string' && typeof v.firstname === 'string' && typeof v.lastname === 'string'
      ? { uuid: v.uuid, firstname: v.firstname, lastname: v.lastname }
      : null;
  } catch (e) {
    reportError(e, { area: 'providerInCart' });
    return null;
  }
}

export function writeProviderInCart(p: ProviderInCart, storage: Storage = localStorage): void {
  storage.setItem(PROVIDER_IN_CART_KEY, JSON.stringify({ uuid: p.uuid, firstname: p.firstname, lastname: p.lastname }));
}

export function clearProviderInCart(storage: Storage = localStorage): void {
  storage.removeItem(PROVIDER_IN_CART_KEY);
}
