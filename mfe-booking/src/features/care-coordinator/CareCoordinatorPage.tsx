import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, PageFrame, RequireSignIn, eventBus, type Provider, useApiRead } from '@haven/shared';
import { FormMessage, useApiSubmit } from '@haven/shared/form-kit';
import { LoadState, Select } from '@haven/shared/design';
import { useForm } from '@haven/shared/forms';
import { bookHref } from '../discovery/ProviderCard';
import { fetchCoordinators, writeToCoordinator, type CoordinatorRequestBody } from './care-coordinator-calls';
import '../booking/booking.css';
import '../matching/matching.css';

const TOPICS: Array<[CoordinatorRequestBody['topic'], string]> = [
  ['finding_care', 'Finding the right care'],
  ['booking', 'A booking'],
  ['payments', 'Payments and invoices'],
  ['other', 'Something else'],
];
const MESSAGE_MAX = 1000;
const fullName = (p: Pick<Provider, 'firstname' | 'lastname'>) => `${p.firstname} ${p.lastname}`;

/** /booking/care-coordinator (product rules, Users and roles: provider flow care_coordinator): write to a care coordinator, or book a call with them. */
export function CareCoordinatorPage() {
  const location = useLocation();
  return (
    <PageFrame title="Talk to a care coordinator" app="mfe-booking" pathname={location.pathname}>
      <RequireSignIn>
        <Coordinators />
      </RequireSignIn>
    </PageFrame>
  );
}

function Coordinators() {
  const list = useApiRead((signal) => fetchCoordinators(signal), ['coordinators'], 'care-coordinators');
  if (!list.data) return <LoadState read={list} what="The care coordinators" />;
  if (list.data.length === 0)
    return (
      <p>
        No care coordinator is available right now. Please try again later or see <a href="/help">Help</a>.
      </p>
    );
  return (
    <>
      <p>A care coordinator helps you find the right care, with bookings and with payments. Write to one, or book a free call.</p>
      <ul className="hv-discovery__list" aria-label="Care coordinators">
        {list.data.map((p) => (
          <li key={p.uuid}>
            <article className="hv-provider-card" aria-label={fullName(p)}>
              <h2 className="hv-provider-card__name">{fullName(p)}</h2>
              <p className="hv-provider-card__roles">Care coordinator</p>
              <a className="hv-button-link" href={bookHref(p.uuid)}>
                Book a call<span className="hv-visually-hidden"> with {fullName(p)}</span>
              </a>
            </article>
          </li>
        ))}
      </ul>
      <WriteForm coordinators={list.data} />
    </>
  );
}

interface Values {
  provider_uuid: string;
  topic: CoordinatorRequestBody['topic'];
  contact_by: CoordinatorRequestBody['contact_by'];
  message: string;
}

function WriteForm({ coordinators }: { coordinators: Provider[] }) {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    shouldFocusError: false,
    defaultValues: { provider_uuid: coordinators[0]!.uuid, topic: 'finding_care', contact_by: 'call', message: '' },
  });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'send your message',
    fields: { message: { name: 'message', label: 'Your message' } },
  });
  const onSubmit = async (v: Values) => {
    submit.clear();
    setSent(null);
    try {
      const r = await writeToCoordinator({ ...v, message: v.message.trim() });
      eventBus.emit('analytics:track', { name: 'care_coordinator_contact', properties: { topic: v.topic, contact_by: v.contact_by } });
      setSent(
        `${fullName(r.provider)} has your message and will ${v.contact_by === 'call' ? 'call you' : 'write to you'} within one working day.`,
      );
      reset({ ...v, message: '' });
    } catch (e) {
      submit.fail(e);
    }
  };
  const wait = submit.waitSeconds;
  return (
    <form
      className="hv-booking__form hv-match-feedback"
      noValidate
      aria-labelledby="hv-write-coordinator"
      onSubmit={handleSubmit(onSubmit, submit.focusInvalid)}
    >
      <h2 id="hv-write-coordinator">Write to a care coordinator</h2>
      <Select
        id="cc-provider"
        label="Care coordinator"
        options={coordinators.map((p) => ({ value: p.uuid, label: fullName(p) }))}
        {...register('provider_uuid')}
      />
      <Select id="cc-topic" label="What is it about?" options={TOPICS.map(([value, label]) => ({ value, label }))} {...register('topic')} />
      <fieldset>
        <legend>How should they answer?</legend>
        <label className="hv-decline__option">
          <input type="radio" value="call" {...register('contact_by')} /> A phone call
        </label>
        <label className="hv-decline__option">
          <input type="radio" value="email" {...register('contact_by')} /> An e-mail
        </label>
      </fieldset>
      <label className="hv-decline__comment">
        Your message
        <textarea
          rows={4}
          maxLength={MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'cc-message-error' : undefined}
          {...register('message', { validate: (m) => (m.trim() ? true : 'Write a message') })}
        />
      </label>
      {errors.message && (
        <p id="cc-message-error" className="hv-decline__error" role="alert">
          {errors.message.message}
        </p>
      )}
      <FormMessage message={submit.message} />
      {sent && <p role="status">{sent}</p>}
      <Button type="submit" disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {wait > 0 ? `Send (wait ${wait}s)` : 'Send'}
      </Button>
    </form>
  );
}
