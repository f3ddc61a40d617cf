import { signedOutNoticeText, type SignedOutCause } from '@haven/shared';
import './SignedOutNotice.css';

/** The banner itself (its own chunk: most pages never show it). */
export function SignedOutBanner({ cause, onDismiss }: { cause: SignedOutCause; onDismiss: () => void }) {
  return (
    <div className="hv-signed-out" role="status">
      <p>{signedOutNoticeText(cause)}</p>
      <button type="button" className="hv-signed-out__close" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
