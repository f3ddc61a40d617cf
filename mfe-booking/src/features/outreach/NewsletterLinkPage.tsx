import { useEffect, useState } from 'react';
import { PageFrame } from '@haven/shared';
import { describeApiError, type KnownApiError } from '@haven/shared/form-kit';
import { followNewsletterLink, type NewsletterLinkAction } from './outreach-calls';

const TEXT: Record<NewsletterLinkAction, { title: string; busy: string; done: string; action: string }> = {
  confirm: {
    title: 'Newsletter subscription',
    busy: 'Confirming your subscription…',
    done: 'Thank you: your subscription is confirmed. Every newsletter has a link to unsubscribe.',
    action: 'confirm your subscription',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    busy: 'Unsubscribing…',
    done: 'You are unsubscribed: no more newsletters will come to this address.',
    action: 'unsubscribe you',
  },
};

/** A forged, expired or mistyped link (the api's 422): a way forward, no report (it is not a fault). */
const KNOWN: KnownApiError[] = [
  {
    text: /^This link is not valid or has expired/,
    field: '',
    message: 'This link is not valid or has expired. Subscribe again to get a new one.',
  },
];

/** The e-mailed link's parameter (the api's NEWSLETTER_LINK_PARAM). */
const LINK_PARAM = 'newsletter_token';

type State = { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; text: string };

/** /newsletter/confirm and /newsletter/unsubscribe: the e-mailed link's token, sent once on arrival. */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const text = TEXT[action];
  const [token] = useState(() => new URLSearchParams(window.location.search).get(LINK_PARAM));
  const [state, setState] = useState<State>(
    token ? { kind: 'busy' } : { kind: 'failed', text: 'This link is incomplete. Open the link from the e-mail again.' },
  );
  useEffect(() => {
    if (!token) return;
    // The link's secret leaves the address bar (and so every page address analytics records).
    const url = new URL(window.location.href);
    url.searchParams.delete(LINK_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    let live = true;
    followNewsletterLink(action, token).then(
      () => live && setState({ kind: 'done' }),
      (e: unknown) => {
        // Anything but a known answer is reported by describeApiError.
        if (live) setState({ kind: 'failed', text: describeApiError(e, { action: text.action, known: KNOWN }).message });
      },
    );
    return () => {
      live = false;
    };
  }, [action, text.action, token]);
  return (
    <PageFrame title={text.title} description="The Haven newsletter" app="mfe-booking" noindex>
      {state.kind === 'busy' ? <p role="status">{text.busy}</p> : null}
      {state.kind === 'done' ? (
        <p role="status" className="hv-outreach__done">
          {text.done}
        </p>
      ) : null}
      {state.kind === 'failed' ? <p role="alert">{state.text}</p> : null}
      <p>
        <a href="/">Back to Haven</a>
      </p>
    </PageFrame>
  );
}

export const NewsletterConfirmPage = () => <NewsletterLinkPage action="confirm" />;
export const NewsletterUnsubscribePage = () => <NewsletterLinkPage action="unsubscribe" />;
