import { Button, Dialog, eventBus, type Provider } from '@haven/shared';
import { FormMessage, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { declineProvider, type DeclineReason } from './matching-calls';

/** The short list of reasons (the api's enum), in the patient's words. */
export const DECLINE_REASON_LABELS: ReadonlyArray<[DeclineReason, string]> = [
  ['fees', 'The fee is more than I can pay'],
  ['availability', 'Their times do not suit me'],
  ['language', 'We do not share a language I am comfortable in'],
  ['expertise', 'Their expertise does not fit what I need'],
  ['gender', 'I would prefer a provider of another gender'],
  ['other', 'Something else'],
];
const COMMENT_MAX = 500;

interface Values {
  reason: DeclineReason | '';
  comment: string;
}

interface Props {
  provider: Provider;
  providerType: string;
  onDeclined: (provider: Provider) => void;
  onDismiss: () => void;
}

/** "Not a fit": why, and optionally more in the patient's words; the provider is not suggested again. */
export function DeclineDialog({ provider, providerType, onDeclined, onDismiss }: Props) {
  const name = `${provider.firstname} ${provider.lastname}`;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false, defaultValues: { reason: '', comment: '' } });
  const submit = useApiSubmit<Values>({
    setError,
    action: `record why ${name} is not a fit`,
    fields: { reason: { name: 'reason', label: 'Reason' }, comment: { name: 'comment', label: 'Anything else' } },
  });
  const onSubmit = async (v: Values) => {
    submit.clear();
    if (!v.reason) return;
    try {
      await declineProvider({ provider_uuid: provider.uuid, reason: v.reason, ...(v.comment.trim() ? { comment: v.comment.trim() } : {}) });
      eventBus.emit('provider:declined', { provider_uuid: provider.uuid, provider_type: providerType, reason: v.reason });
      onDeclined(provider);
    } catch (e) {
      submit.fail(e);
    }
  };
  const wait = submit.waitSeconds;
  return (
    <Dialog
      title={`Not a fit: ${name}`}
      description="Tell us why, and we will not suggest them to you again. Your next matches take it into account."
      onDismiss={onDismiss}
    >
      <form className="hv-decline" noValidate onSubmit={handleSubmit(onSubmit, submit.focusInvalid)}>
        <fieldset aria-describedby={errors.reason ? 'hv-decline-reason-error' : undefined}>
          <legend>Why is {name} not a fit?</legend>
          {DECLINE_REASON_LABELS.map(([value, label]) => (
            <label key={value} className="hv-decline__option">
              <input type="radio" value={value} {...register('reason', { required: 'Choose a reason' })} /> {label}
            </label>
          ))}
          {errors.reason && (
            <p id="hv-decline-reason-error" className="hv-decline__error" role="alert">
              {errors.reason.message}
            </p>
          )}
        </fieldset>
        <label className="hv-decline__comment">
          Anything else? (optional)
          <textarea
            rows={3}
            maxLength={COMMENT_MAX}
            {...register('comment', { maxLength: { value: COMMENT_MAX, message: `At most ${COMMENT_MAX} characters` } })}
          />
        </label>
        <FormMessage message={submit.message} />
        <div className="hv-decline__actions">
          <Button type="submit" disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
            {wait > 0 ? `Do not suggest again (wait ${wait}s)` : 'Do not suggest again'}
          </Button>
          <Button type="button" variant="secondary" onClick={onDismiss}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
