// Copy to the clipboard (clipboard API); Product rules, Errors and messages: "Copy failure: Alert 'Unable to copy'".
import { useState } from 'react';
import { Button } from '../Button/Button';

export const COPY_FAILED_TEXT = 'Unable to copy';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    setState('idle');
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // Denied permission or no clipboard: the person is told, and can still select the text.
      setState('failed');
    }
  };
  return (
    <span className="hv-copy">
      <Button variant="secondary" onClick={() => void copy()}>
        Copy<span className="hv-visually-hidden"> {label}</span>
      </Button>
      {state === 'copied' ? (
        <span role="status" className="hv-copy__done">
          Copied
        </span>
      ) : null}
      {state === 'failed' ? (
        <span role="alert" className="hv-copy__failed">
          {COPY_FAILED_TEXT}
        </span>
      ) : null}
    </span>
  );
}
