import { useState } from 'react';
import { Button, Dialog } from '@haven/shared';
import { roleLabels } from '@haven/shared/booking-rules';
import type { Tagging } from './switch-calls';

interface Props {
  tagging: Tagging[];
  onChoose(type: string): void;
  onDismiss(): void;
}

/** Product rules, Providers and fees: provider-type modal: which of the patient's providers to change. */
export function ProviderTypeModal({ tagging, onChoose, onDismiss }: Props) {
  const [type, setType] = useState(tagging[0]?.provider_type ?? '');
  return (
    <Dialog title="Which provider would you like to change?" onDismiss={onDismiss}>
      {tagging.length === 0 ? (
        <p>
          You are not with a provider yet. <a href="/providers">Find a provider</a>
        </p>
      ) : (
        <form
          aria-label="Provider type"
          onSubmit={(e) => {
            e.preventDefault();
            if (type) onChoose(type);
          }}
        >
          <fieldset className="hv-switch__types">
            <legend>Your providers</legend>
            {tagging.map((t) => (
              <label key={t.provider_type} className="hv-choice">
                <input
                  type="radio"
                  name="provider_type"
                  value={t.provider_type}
                  checked={type === t.provider_type}
                  onChange={() => setType(t.provider_type)}
                />
                {roleLabels([t.provider_type])[0]}: {t.provider.firstname} {t.provider.lastname}
              </label>
            ))}
          </fieldset>
          <div className="hv-dialog__actions">
            <Button type="submit">Continue</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
