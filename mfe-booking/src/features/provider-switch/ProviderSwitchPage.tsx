import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  PageFrame,
  eventBus,
  havenStore,
  reportError,
  serverErrorMessage,
  useHavenStore,
  Spinner,
  type Provider,
  useApiRead,
} from '@haven/shared';
import { LoadState, Select } from '@haven/shared/design';
import { roleLabels, roleOffered, useBookingOptions } from '@haven/shared/booking-rules';
import { bookHref } from '../discovery/ProviderCard';
import { ProviderTypeModal } from './ProviderTypeModal';
import { fetchTagging, isSwitchableType, providersOfType, switchProvider, type Tagging } from './switch-calls';
import '../booking/booking.css';

export const SWITCH_REASONS = [
  'I do not feel a connection',
  'I need someone with other expertise',
  'The times do not suit me',
  'The fee does not suit me',
  'I would like another language',
  'Other',
] as const;

const taggingRecord = (list: Tagging[]) => Object.fromEntries(list.map((t) => [t.provider_type, t.provider]));

/**
 * /providers/switch: the provider-type modal, a switch reason and the new provider (product rules, Providers and fees: provider
 * switch state, reset and full reset). The chosen type is in the URL (`type=`), so reload and back work.
 */
export function ProviderSwitchPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useHavenStore((s) => s.auth.user);
  const sw = useHavenStore((s) => s.providerSwitch);
  const type = new URLSearchParams(location.search).get('type');
  const [reason, setReason] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Provider | null>(null);
  /** The tagging the switch answered with (newer than the loaded one). */
  const [switched, setSwitched] = useState<Tagging[] | null>(null);

  const loaded = useApiRead(
    (signal) => (user ? fetchTagging(signal) : Promise.resolve([])),
    [user ? `tagging#${user.uuid ?? ''}` : 'none'],
    'provider-tagging',
  );
  // Product rules, Plan visibility: appVisibility: only the provider types the plan offers can be changed (the api refuses the others).
  const plan = useBookingOptions();
  const all = switched ?? loaded.data;
  const offered = useMemo(
    () => (all && plan.ready ? all.filter((t) => roleOffered(plan.options, t.provider_type)) : undefined),
    [all, plan.ready, plan.options],
  );
  const tagging = { ...loaded, data: offered };
  useEffect(() => {
    const slice = havenStore.getState().providerSwitch;
    if (tagging.data)
      slice.update({
        providerTaggingDetails: taggingRecord(tagging.data),
        providerTaggingLoading: false,
        providerTypeModal: !type && !done,
      });
    else slice.update({ providerTaggingLoading: !tagging.error });
    // `type` and `done` open or close the modal only when the tagging answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tagging.data, tagging.error]);
  const current = type ? ((tagging.data ?? []).find((t) => t.provider_type === type)?.provider ?? null) : null;
  useEffect(() => {
    // After a switch the reset has cleared the current provider; the new one is shown from `done`.
    if (!done) havenStore.getState().providerSwitch.update({ currentProvider: current });
  }, [current, done]);
  const candidates = useApiRead(
    (signal) => (type ? providersOfType(type, signal) : Promise.resolve([])),
    [type ? `candidates#${type}` : 'none'],
    'switch-candidates',
  );

  const chooseType = (t: string) => {
    havenStore.getState().providerSwitch.update({ providerTypeModal: false, selectedProvider: null, switchReason: null });
    navigate({ pathname: location.pathname, search: `?type=${encodeURIComponent(t)}` });
  };
  const startOver = () => {
    // Product rules, Providers and fees: full reset: everything cleared, then the patient chooses the type again.
    havenStore.getState().providerSwitch.fullReset();
    setDone(null);
    setReason('');
    setOther('');
    navigate({ pathname: location.pathname, search: '' });
    havenStore
      .getState()
      .providerSwitch.update({ providerTypeModal: true, providerTaggingDetails: tagging.data ? taggingRecord(tagging.data) : null });
  };
  const submit = async () => {
    const chosen = sw.selectedProvider;
    const why = reason === 'Other' ? other.trim() : reason;
    if (!type || !isSwitchableType(type) || !chosen || !why) return;
    setError(null);
    havenStore.getState().providerSwitch.update({ isLoading: true, switchReason: why });
    try {
      const next = await switchProvider({ provider_id: chosen.uuid, provider_type: type, switch_reason: why });
      eventBus.emit('provider:switched', { provider_type: type, from_uuid: current?.uuid ?? null, to_uuid: chosen.uuid, reason: why });
      // Product rules, Providers and fees: reset: keeps the modal flag, tagging details and the selected provider; clears the rest.
      havenStore.getState().providerSwitch.update({ providerTaggingDetails: taggingRecord(next) });
      havenStore.getState().providerSwitch.reset();
      setSwitched(next);
      setDone(chosen);
    } catch (e) {
      reportError(e, { area: 'provider-switch' });
      havenStore.getState().providerSwitch.update({ isLoading: false });
      setError(serverErrorMessage(e) ?? 'We could not change your provider. Nothing was changed; please try again.');
    }
  };

  const here = `${location.pathname}${location.search}`;
  let body: React.ReactNode;
  if (!user) {
    body = (
      <p>
        <a className="hv-button-link" href={`/auth/log-in/?redirectPath=${encodeURIComponent(here)}`}>
          Log in to change your provider
        </a>
      </p>
    );
  } else if (!tagging.data) {
    // Loaded but the plan is not known yet: still loading, as far as the person can tell.
    body = loaded.data ? <Spinner label="Loading your providers" /> : <LoadState read={loaded} what="Your providers" />;
  } else if (done) {
    body = (
      <section aria-labelledby="hv-switch-done" className="hv-booking__confirm">
        <h2 id="hv-switch-done">
          You are now with {done.firstname} {done.lastname}
        </h2>
        <p className="hv-booking__actions">
          <a className="hv-button-link" href={bookHref(done.uuid)}>
            Book a session with {done.firstname}
          </a>
          <Button variant="ghost" onClick={startOver}>
            Change another provider
          </Button>
        </p>
      </section>
    );
  } else if (!type || !current) {
    body = (
      <p>
        <Button onClick={() => havenStore.getState().providerSwitch.update({ providerTypeModal: true })}>
          Choose the provider to change
        </Button>
      </p>
    );
  } else {
    const label = roleLabels([type])[0]?.toLowerCase() ?? type;
    const others = (candidates.data ?? []).filter((p) => p.uuid !== current.uuid);
    const why = reason === 'Other' ? other.trim() : reason;
    body = (
      <form
        className="hv-booking__form"
        aria-label="Change provider"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p>
          Your {label}:{' '}
          <strong>
            {current.firstname} {current.lastname}
          </strong>
        </p>
        <Select
          id="hv-switch-reason"
          label="Why would you like to change?"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          placeholder="Choose a reason"
          options={SWITCH_REASONS.map((r) => ({ value: r, label: r }))}
        />
        {reason === 'Other' && (
          <div className="hv-filter">
            <label htmlFor="hv-switch-other">Tell us more</label>
            <textarea id="hv-switch-other" value={other} onChange={(e) => setOther(e.target.value)} maxLength={500} rows={3} required />
          </div>
        )}
        <fieldset>
          <legend>Your new {label}</legend>
          {!candidates.data && <LoadState read={candidates} what="The providers" />}
          {others.map((p) => (
            <label key={p.uuid} className="hv-choice">
              <input
                type="radio"
                name="new_provider"
                value={p.uuid}
                checked={sw.selectedProvider?.uuid === p.uuid}
                onChange={() => havenStore.getState().providerSwitch.update({ selectedProvider: p })}
              />
              {p.firstname} {p.lastname}
            </label>
          ))}
        </fieldset>
        {error && <p role="alert">{error}</p>}
        <Button type="submit" disabled={!why || !sw.selectedProvider || sw.isLoading} aria-busy={sw.isLoading}>
          {sw.selectedProvider ? `Switch to ${sw.selectedProvider.firstname} ${sw.selectedProvider.lastname}` : 'Switch provider'}
        </Button>
        <Button variant="ghost" onClick={startOver}>
          Start over
        </Button>
      </form>
    );
  }

  return (
    <PageFrame title="Change your provider" app="mfe-booking" pathname={location.pathname}>
      {body}
      {user && tagging.data && sw.providerTypeModal && !done && (
        <ProviderTypeModal
          tagging={tagging.data}
          onChoose={chooseType}
          onDismiss={() => havenStore.getState().providerSwitch.update({ providerTypeModal: false })}
        />
      )}
    </PageFrame>
  );
}
