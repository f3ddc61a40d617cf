import type { PackageState } from './usePartnerPackage';
import type { ProviderRef } from './api/package-calls';
import { providerName } from './package-labels';

function ProviderCard({
  id,
  title,
  provider,
  empty,
}: {
  id: string;
  title: string;
  provider: ProviderRef | null;
  empty: { text: string; href: string; link: string };
}) {
  return (
    <li className="hv-partner__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {provider ? (
        <>
          <p>{providerName(provider)}</p>
          <a href={`/provider/${encodeURIComponent(provider.uuid)}`}>View {provider.firstname}&rsquo;s profile</a>
        </>
      ) : (
        <>
          <p>{empty.text}</p>
          <a href={empty.href}>{empty.link}</a>
        </>
      )}
    </li>
  );
}

/** My therapist, my psychiatrist and my package coach (product rules, Partners and business users: mytherapist, mypsychiatrist, package_coach_id). */
export function MyProviderCards({ state }: { state: PackageState }) {
  if (state.status !== 'ready') return null;
  const p = state.data;
  return (
    <>
      <ProviderCard
        id="my-therapist"
        title="My therapist"
        provider={p.mytherapist}
        empty={{ text: 'You have not chosen a therapist yet.', href: '/providers?type=therapist', link: 'Find a therapist' }}
      />
      <ProviderCard
        id="my-psychiatrist"
        title="My psychiatrist"
        provider={p.mypsychiatrist}
        empty={{ text: 'You have not seen a psychiatrist yet.', href: '/providers?type=psychiatrist', link: 'Find a psychiatrist' }}
      />
      <ProviderCard
        id="my-coach"
        title="My package coach"
        provider={p.package_coach}
        empty={{ text: 'No package coach is assigned to you yet.', href: '/providers?type=coach', link: 'Find a coach' }}
      />
    </>
  );
}
