import { useState } from 'react';
import { Button, eventBus } from '@haven/shared';
import { FormMessage, useApiSubmit } from '@haven/shared/form-kit';
import { useForm } from '@haven/shared/forms';
import { sendMatchingFeedback } from './matching-calls';

const RATINGS: Array<[number, string]> = [
  [5, 'Very good'],
  [4, 'Good'],
  [3, 'Mixed'],
  [2, 'Poor'],
  [1, 'Very poor'],
];
const COMMENT_MAX = 1000;

interface Values {
  rating: string;
  comment: string;
}

interface Props {
  providerType: string;
  /** Providers the patient marked a good fit on their cards. */
  goodFits: string[];
}

/** Matching feedback: how good the matches were; the good fits come first next time. */
export function MatchingFeedback({ providerType, goodFits }: Props) {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ shouldFocusError: false, defaultValues: { rating: '', comment: '' } });
  const submit = useApiSubmit<Values>({
    setError,
    action: 'send your feedback',
    fields: { rating: { name: 'rating', label: 'Rating' }, comment: { name: 'comment', label: 'Comment' } },
  });
  if (sent) return <p role="status">Thank you. Your next matches use your feedback.</p>;
  const onSubmit = async (v: Values) => {
    submit.clear();
    const rating = Number(v.rating);
    try {
      await sendMatchingFeedback({
        provider_type: providerType,
        rating,
        ...(v.comment.trim() ? { comment: v.comment.trim() } : {}),
        providers: goodFits.map((uuid) => ({ provider_uuid: uuid, fit: 'good' as const })),
      });
      eventBus.emit('matching:feedback', { provider_type: providerType, rating, good_fits: goodFits.length });
      setSent(true);
    } catch (e) {
      submit.fail(e);
    }
  };
  const wait = submit.waitSeconds;
  return (
    <form
      className="hv-booking__form hv-match-feedback"
      noValidate
      aria-labelledby="hv-match-feedback"
      onSubmit={handleSubmit(onSubmit, submit.focusInvalid)}
    >
      <h2 id="hv-match-feedback">How good are these matches?</h2>
      <fieldset>
        <legend>Your rating</legend>
        {RATINGS.map(([value, label]) => (
          <label key={value} className="hv-decline__option">
            <input type="radio" value={String(value)} {...register('rating', { required: 'Choose a rating' })} /> {label}
          </label>
        ))}
        {errors.rating && (
          <p className="hv-decline__error" role="alert">
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <label className="hv-decline__comment">
        What would make them better? (optional)
        <textarea rows={3} maxLength={COMMENT_MAX} {...register('comment')} />
      </label>
      {goodFits.length > 0 && <p>{goodFits.length === 1 ? 'One provider is' : `${goodFits.length} providers are`} marked a good fit.</p>}
      <FormMessage message={submit.message} />
      <Button type="submit" disabled={isSubmitting || wait > 0} aria-busy={isSubmitting}>
        {wait > 0 ? `Send feedback (wait ${wait}s)` : 'Send feedback'}
      </Button>
    </form>
  );
}
