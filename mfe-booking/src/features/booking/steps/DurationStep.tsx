import { useState } from 'react';
import { Button, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { fetchOfferedDurations } from '../api/booking-calls';

interface Props {
  /** The provider's offered durations (the flow reads them: one alone is chosen without asking). */
  durations: ReturnType<typeof useOfferedDurations>;
  selected: number | null;
  onNext(minutes: number): void;
}

/** The provider's offered session lengths, from the api. */
export function useOfferedDurations(providerUuid: string | null) {
  return useApiRead(
    (signal) => (providerUuid ? fetchOfferedDurations(providerUuid, signal) : Promise.resolve([])),
    [providerUuid ?? 'none'],
    'offered-durations',
  );
}

/** The length the patient picks first: the standard 50 minutes when offered. */
export function defaultDuration(offered: number[], selected: number | null): number | null {
  if (selected !== null && offered.includes(selected)) return selected;
  return offered.includes(50) ? 50 : (offered[0] ?? null);
}

/** Step 2: how long the session is, from the provider's offered durations. */
export function DurationStep({ durations, selected, onNext }: Props) {
  const [choice, setChoice] = useState<number | null>(null);
  const offered = durations.data ?? [];
  const minutes = choice ?? defaultDuration(offered, selected);
  if (!durations.data) return <LoadState read={durations} what="The session lengths" />;
  return (
    <form
      className="hv-booking__form"
      aria-labelledby="hv-length-heading"
      onSubmit={(e) => {
        e.preventDefault();
        if (minutes !== null) onNext(minutes);
      }}
    >
      <h2 id="hv-length-heading" tabIndex={-1}>
        Choose the length
      </h2>
      <fieldset>
        <legend>How long should the session be?</legend>
        {offered.map((m) => (
          <label key={m} className="hv-choice">
            <input type="radio" name="duration" value={m} checked={minutes === m} onChange={() => setChoice(m)} />
            {m} minutes
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={minutes === null}>
        Continue
      </Button>
    </form>
  );
}
