// A partner link (`?code=<company>&auth_token=…`) opened before this browser verified the company's
// one-time code: the partner session needs that proof, so the link waits in this tab (session storage)
// while the partner landing asks for the code, then runs and goes to the link's target.
export const PENDING_PARTNER_LINK_KEY = 'pending_partner_link';

export interface PendingPartnerLink {
  companyId: string;
  authToken: string;
  redirectPath: string | null;
}

export function savePendingPartnerLink(link: PendingPartnerLink): void {
  try {
    window.sessionStorage.setItem(PENDING_PARTNER_LINK_KEY, JSON.stringify(link));
  } catch {
    // storage blocked: the link cannot wait; the landing still offers the code form and log-in
  }
}

export function pendingPartnerLink(): PendingPartnerLink | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(PENDING_PARTNER_LINK_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { companyId, authToken, redirectPath } = parsed as Record<string, unknown>;
    if (typeof companyId !== 'string' || typeof authToken !== 'string') return null;
    return { companyId, authToken, redirectPath: typeof redirectPath === 'string' ? redirectPath : null };
  } catch {
    return null; // a damaged entry is no link
  }
}

export function clearPendingPartnerLink(): void {
  try {
    window.sessionStorage.removeItem(PENDING_PARTNER_LINK_KEY);
  } catch {
    // nothing stored that we could remove
  }
}
