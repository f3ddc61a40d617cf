import { LoadState } from '@haven/shared/form-kit';
import type { PackageState } from './usePartnerPackage';
import { CreditHistory } from './CreditHistory';
import { bookWithPackageHref, sessionsLeftLabel } from './package-labels';

/**
 * The sponsored package (product rules, Partners and business users): the sessions left, one statement of what it
 * books (the plan rule's, from the roles the api books with a credit), and booking with it among the providers it covers.
 */
export function PackageCard({ state }: { state: PackageState }) {
  return (
    <li className="hv-partner__card" aria-labelledby="package-heading">
      <h2 id="package-heading">Your sponsored package</h2>
      <LoadState read={state} what="Your package">
        {(pkg) =>
          pkg.is_package_client ? (
            <>
              <p data-testid="sessions-left">
                <strong>{sessionsLeftLabel(pkg)}</strong>
              </p>
              <p data-testid="package-covers">{pkg.statement}.</p>
              {pkg.sessions_left > 0 ? (
                <a className="hv-partner__action" href={bookWithPackageHref(pkg)}>
                  Book a sponsored session
                </a>
              ) : (
                <p>You have used every sponsored session. You can still book and pay for sessions yourself.</p>
              )}
              <CreditHistory />
            </>
          ) : (
            <p>Your organisation has no sponsored package for you yet.</p>
          )
        }
      </LoadState>
    </li>
  );
}
