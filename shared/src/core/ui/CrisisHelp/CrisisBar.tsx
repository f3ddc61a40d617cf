// Product rules, What the client keeps: the disclaimer (persisted `disclaimer.shown`) and crisis help one tap away. The shell
// renders this above every app, so every route has it; standalone pages mount it too. The helpline
// table and the dialog load when the dialog is first opened.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { havenStore, useHavenStore } from '../../state/store';
import '../../../pure/tokens.css';
import './CrisisBar.css';

export const DISCLAIMER_TEXT =
  'Haven is not an emergency service. If you or someone near you is in danger, call your local emergency number now, or use Crisis help for a helpline.';
export const NOT_FOR_EMERGENCIES_TEXT = 'Not for emergencies.';
export const CRISIS_HELP_LABEL = 'Crisis help';
export const DISCLAIMER_DISMISS_LABEL = 'Got it';

const CrisisDialog = lazy(() => import(/* webpackChunkName: "crisis-help" */ './CrisisDialog').then((m) => ({ default: m.CrisisDialog })));

/**
 * The one-tap way to the helplines: the crisis bar's, and the session room's among its call controls (which
 * draws it as a round icon button: `children` must keep the words "Crisis help" in its accessible name).
 */
export function CrisisHelpButton({ className = 'hv-crisis-bar__help', children }: { className?: string; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children ?? CRISIS_HELP_LABEL}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CrisisDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export function CrisisBar() {
  const shown = useHavenStore((s) => s.disclaimer.shown);
  return (
    <aside className="hv-root hv-crisis-bar" aria-label="Safety">
      {shown ? null : <p className="hv-crisis-bar__disclaimer">{DISCLAIMER_TEXT}</p>}
      <div className="hv-crisis-bar__row">
        {shown ? <span className="hv-crisis-bar__note">{NOT_FOR_EMERGENCIES_TEXT}</span> : null}
        <CrisisHelpButton />
        {shown ? null : (
          <button type="button" className="hv-crisis-bar__dismiss" onClick={() => havenStore.getState().disclaimer.update({ shown: true })}>
            {DISCLAIMER_DISMISS_LABEL}
          </button>
        )}
      </div>
    </aside>
  );
}
