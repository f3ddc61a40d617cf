import { Spinner } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
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
      {state.status === 'loading' ? <Spinner label="Loading your package" /> : null}
      {state.status === 'failed' ? <LoadFailed what="Your package" retry={state.retry} /> : null}
      {state.status === 'ready' && !state.data.is_package_client ? <p>Your organisation has no sponsored package for you yet.</p> : null}
      {state.status === 'ready' && state.data.is_package_client ? (
        <>
          <p data-testid="sessions-left">
            <strong>{sessionsLeftLabel(state.data)}</strong>
          </p>
          <p data-testid="package-covers">{state.data.statement}.</p>
          {state.data.sessions_left > 0 ? (
            <a className="hv-partner__action" href={bookWithPackageHref(state.data)}>
              Book a sponsored session
            </a>
          ) : (
            <p>You have used every sponsored session. You can still book and pay for sessions yourself.</p>
          )}
          <CreditHistory />
        </>
      ) : null}
    </li>
  );
}
