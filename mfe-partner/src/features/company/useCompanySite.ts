import { useEffect, useState } from 'react';
import {
  fetchCompanySite,
  isCancelledRequest,
  organisationFromMeta,
  reportError,
  useHavenStore,
  type Organisation,
  type PartnerMetaInfo,
} from '@haven/shared';

export interface CompanySiteState {
  /** The company this page belongs to: the subdomain's, else the signed-in employee's. */
  meta: PartnerMetaInfo | null;
  /** Its name and uuid: the subdomain's company, else the signed-in person's organisation (orgData). */
  company: Organisation | null;
  /** The subdomain's short_code, when the page is on a company subdomain. */
  shortCode: string | null;
  loading: boolean;
}

/**
 * The company every partner page names (product rules, Partners and business users): on a company subdomain its public site info;
 * elsewhere the partner meta the signed-in business user's login loaded, and the organisation the
 * person was signed in for (orgData, which a reload keeps through company_details).
 */
export function useCompanySite(): CompanySiteState {
  const signedInMeta = useHavenStore((s) => s.auth.partnerMetaInfo);
  const orgData = useHavenStore((s) => s.appConfig.orgData);
  const [site, setSite] = useState<{ meta: PartnerMetaInfo | null; shortCode: string | null; loading: boolean }>({
    meta: null,
    shortCode: null,
    loading: true,
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchCompanySite(window.location.hostname, controller.signal)
      .then((found) => setSite({ meta: found?.meta ?? null, shortCode: found?.shortCode ?? null, loading: false }))
      .catch((error: unknown) => {
        if (isCancelledRequest(error)) return;
        reportError(error, { where: 'company site' });
        setSite({ meta: null, shortCode: null, loading: false });
      });
    return () => controller.abort();
  }, []);

  return {
    meta: site.meta ?? signedInMeta,
    company: organisationFromMeta(site.meta) ?? orgData,
    shortCode: site.shortCode,
    loading: site.loading,
  };
}
