import { useEffect, useState } from 'react';
import { Button, havenStore, reportError, Spinner, useHavenStore, type Provider } from '@haven/shared';
import { describeApiError } from '@haven/shared/form-kit';
import { providerProfilePath, roleLabels } from '@haven/shared/booking-rules';
import { useDashboardSections } from '../visibility/useDashboardSections';
import { getSavedProviders, getSuggestedProviders, setSaved, type SuggestedSection } from './api/care-team-calls';

const SECTIONS: Array<[SuggestedSection, string, 'therapy' | 'psychiatry' | 'couples']> = [
  ['therapy', 'Therapy', 'therapy'],
  ['psychiatry', 'Psychiatry', 'psychiatry'],
  ['couples', 'Couples therapy', 'couples'],
];
const fullName = (p: Provider) => `${p.firstname} ${p.lastname}`;

/**
 * Saved providers and suggested providers per section (product rules, Providers and fees: providers state: suggestedProviders,
 * loadingSuggestedProviders). Only the sections the patient's plan offers are suggested.
 */
export function SavedAndSuggested() {
  const sections = useDashboardSections();
  const offered = SECTIONS.filter(([, , key]) => sections[key]);
  const [section, setSection] = useState<SuggestedSection | null>(null);
  const current = offered.find(([s]) => s === section)?.[0] ?? offered[0]?.[0] ?? null;
  const suggested = useHavenStore((s) => s.providers.suggestedProviders);
  const loadingSuggested = useHavenStore((s) => s.providers.loadingSuggestedProviders);
  const [saved, setSavedList] = useState<Provider[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getSavedProviders(controller.signal)
      .then(setSavedList)
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setProblem(describeApiError(e, { action: 'load your saved providers' }).message);
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!current) return;
    const controller = new AbortController();
    const providers = havenStore.getState().providers;
    providers.update({ loadingSuggestedProviders: true });
    getSuggestedProviders(current, controller.signal)
      .then((list) => havenStore.getState().providers.update({ suggestedProviders: list, loadingSuggestedProviders: false }))
      .catch((e: unknown) => {
        havenStore.getState().providers.update({ loadingSuggestedProviders: false });
        if (controller.signal.aborted) return;
        setProblem(describeApiError(e, { action: 'load suggested providers' }).message);
      });
    return () => controller.abort();
  }, [current]);

  const isSaved = (uuid: string) => Boolean(saved?.some((p) => p.uuid === uuid));
  const toggle = async (p: Provider) => {
    const next = !isSaved(p.uuid);
    setBusy(p.uuid);
    setProblem(null);
    try {
      await setSaved(p.uuid, next);
      setSavedList((list) => (next ? [p, ...(list ?? [])] : (list ?? []).filter((x) => x.uuid !== p.uuid)));
    } catch (e) {
      reportError(e, { where: next ? 'save provider' : 'unsave provider', uuid: p.uuid });
      setProblem(describeApiError(e, { action: next ? `save ${fullName(p)}` : `remove ${fullName(p)} from your saved providers` }).message);
    } finally {
      setBusy(null);
    }
  };

  const card = (p: Provider) => (
    <li key={p.uuid} className="hv-care-team__card">
      <a href={providerProfilePath(p.uuid)}>{fullName(p)}</a>
      <span className="hv-care-team__roles">{roleLabels(p.roles).join(' · ')}</span>
      <Button
        variant="secondary"
        aria-pressed={isSaved(p.uuid)}
        disabled={busy === p.uuid || saved === null}
        onClick={() => void toggle(p)}
      >
        {isSaved(p.uuid) ? 'Saved' : 'Save'}
        <span className="hv-visually-hidden"> {fullName(p)}</span>
      </Button>
    </li>
  );

  return (
    <>
      {problem ? (
        <p role="alert" className="hv-care-team__problem">
          {problem}
        </p>
      ) : null}
      <h3 id="saved-providers-heading" className="hv-care-team__subheading">
        Saved providers
      </h3>
      {saved === null && !problem ? <Spinner label="Loading saved providers" /> : null}
      {saved?.length === 0 ? <p>Save a provider to find them here again.</p> : null}
      {saved?.length ? (
        <ul className="hv-care-team__list" aria-labelledby="saved-providers-heading">
          {saved.map(card)}
        </ul>
      ) : null}
      {current ? (
        <>
          <h3 id="suggested-providers-heading" className="hv-care-team__subheading">
            Suggested for you
          </h3>
          {offered.length > 1 ? (
            <div className="hv-care-team__sections" role="group" aria-label="Suggestions for">
              {offered.map(([s, label]) => (
                <Button key={s} variant="secondary" aria-pressed={s === current} onClick={() => setSection(s)}>
                  {label}
                </Button>
              ))}
            </div>
          ) : null}
          {loadingSuggested ? <Spinner label="Loading suggested providers" /> : null}
          {!loadingSuggested && suggested.length === 0 ? <p>No suggestions in this section right now.</p> : null}
          {!loadingSuggested && suggested.length ? (
            <ul className="hv-care-team__list" aria-labelledby="suggested-providers-heading">
              {suggested.map(card)}
            </ul>
          ) : null}
        </>
      ) : null}
    </>
  );
}
