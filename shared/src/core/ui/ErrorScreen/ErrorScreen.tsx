import { useEffect, useId, useRef } from 'react';
import { Button } from '../Button/Button';
import { ErrorIllustration } from '../../../pure/illustrations/ErrorIllustration';
import { goToHomepage, reloadPage } from './page-navigation';
import '../../../pure/tokens.css';
import './ErrorScreen.css';

// Product rules, Errors and messages: "Generic error screen": texts shown verbatim.
export const ERROR_SCREEN_HEADING = 'Oops, looks like something went wrong!';
export const ERROR_SCREEN_TEXT = 'Our servers are a little stressed right now. Please try again in a moment.';
export const ERROR_SCREEN_HOME_LABEL = 'back to homepage';
export const ERROR_SCREEN_REFRESH_LABEL = 'Refresh page';

export interface ErrorScreenProps {
  /** Defaults to a full navigation to '/' (a fresh page: the failed app state is left behind). */
  onHome?: () => void;
  /** Defaults to reloading the page. */
  onRefresh?: () => void;
}

/** The generic error screen (product rules, Errors and messages: "Error boundary"): shown on any render error or a remote that cannot load. */
export function ErrorScreen({ onHome, onRefresh }: ErrorScreenProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // Move focus to the heading so keyboard and screen-reader users land on the message.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="hv-error-screen" role="alert" aria-labelledby={headingId}>
      <ErrorIllustration width={200} className="hv-error-screen__icon" />
      <h1 id={headingId} className="hv-error-screen__heading" tabIndex={-1} ref={headingRef}>
        {ERROR_SCREEN_HEADING}
      </h1>
      <p className="hv-error-screen__text">{ERROR_SCREEN_TEXT}</p>
      <div className="hv-error-screen__actions">
        <Button variant="secondary" onClick={onHome ?? goToHomepage}>
          {ERROR_SCREEN_HOME_LABEL}
        </Button>
        <Button onClick={onRefresh ?? reloadPage}>{ERROR_SCREEN_REFRESH_LABEL}</Button>
      </div>
    </section>
  );
}
