import { useState } from 'react';
import {
  companySiteLanding,
  isVerifiedPartnershipUser,
  LOG_IN_PATH,
  PATIENT_USERTYPE,
  pendingPartnerLink,
  resumePendingPartnerLink,
  Spinner,
  useHavenStore,
} from '@haven/shared';
import { PartnerPage } from '../company/PartnerPage';
import { useCompanySite } from '../company/useCompanySite';
import { PackageCard } from '../package/PackageCard';
import { usePartnerPackage } from '../package/usePartnerPackage';
import { PartnerCodeForm } from './PartnerCodeForm';

const LOG_IN_HERE = `${LOG_IN_PATH}?redirectPath=${encodeURIComponent('/t-p')}`;

/** /t-p: what the company offers and how to start; signed-in employees see their package and next step. */
export function PartnerLanding() {
  const user = useHavenStore((s) => s.auth.user);
  const loading = useHavenStore((s) => s.auth.loading);
  // Once the visitor uses the code form, its own busy state shows progress (the form must stay mounted).
  const [usingForm, setUsingForm] = useState(false);
  return (
    <PartnerPage title="Care sponsored by your organisation" description="Therapy, psychiatry and care tools your employer pays for.">
      {user ? (
        <SignedIn business={user.usertype !== PATIENT_USERTYPE} />
      ) : loading && !usingForm ? (
        <Spinner label="Signing you in" />
      ) : (
        <HowToStart onUseForm={() => setUsingForm(true)} />
      )}
    </PartnerPage>
  );
}

function HowToStart({ onUseForm }: { onUseForm(): void }) {
  const { company, loading } = useCompanySite();
  // A partner link opened before the company's code was verified here waits for it (shared code-login).
  const [pending] = useState(pendingPartnerLink);
  const [verified, setVerified] = useState(() => !pending && isVerifiedPartnershipUser());
  const name = company?.name || 'Your organisation';
  const companyId = pending?.companyId ?? company?.uuid;
  const onVerified = () => {
    setVerified(true);
    if (pending) void resumePendingPartnerLink();
  };
  return (
    <>
      <p>
        {name} pays for confidential sessions with therapists and psychiatrists, and gives you care tools for every day. Your employer never
        sees what you talk about.
      </p>
      <h2>How to start</h2>
      <ol className="hv-partner__steps">
        <li>
          Verify the company code your organisation shared with you{company ? '' : ' (open your company’s Haven address to enter it)'}.
        </li>
        <li>Log in with your work e-mail, or sign up with it.</li>
        <li>Book a sponsored session with a provider who fits you.</li>
      </ol>
      {loading ? <Spinner label="Loading your organisation" /> : null}
      {pending && !verified ? <p role="status">Verify your company code to open your link.</p> : null}
      {companyId && !verified ? (
        <PartnerCodeForm companyId={companyId} companyName={company ? name : 'company'} onStart={onUseForm} onVerified={onVerified} />
      ) : null}
      {verified && pending ? <Spinner label="Signing you in" /> : null}
      {verified && !pending ? (
        <p role="status">
          {company ? `Your ${name} code is verified.` : 'Your company code is verified.'} Next, log in with your work e-mail.
        </p>
      ) : null}
      <p>
        <a className="hv-partner__action" href={LOG_IN_HERE}>
          Log in to see your package
        </a>
      </p>
      <p>
        New here? <a href={`/auth/sign-up?redirectPath=${encodeURIComponent('/t-p')}`}>Sign up with your work e-mail</a>
      </p>
    </>
  );
}

function SignedIn({ business }: { business: boolean }) {
  const pkg = usePartnerPackage();
  const { meta } = useCompanySite();
  if (!business) {
    return (
      <p>
        Your account is not linked to an organisation. <a href="/dashboard">Go to your dashboard</a>
      </p>
    );
  }
  const next = companySiteLanding(meta);
  return (
    <>
      <ul className="hv-partner__cards">
        <PackageCard state={pkg} />
      </ul>
      <h2>What to do next</h2>
      <p>
        <a className="hv-partner__action" href={next}>
          {next === '/partnerdashboard' ? 'Open your care dashboard' : 'See your care benefits'}
        </a>
      </p>
    </>
  );
}
