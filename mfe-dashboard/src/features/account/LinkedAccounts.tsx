// Linked accounts (product rules, Sign-in and identity): the Google accounts that sign in to this account, each
// unlinkable unless it is the last way in (the api refuses that too, with the same sentence).
import { useCallback, useEffect, useState } from 'react';
import { Button, reportError, Spinner } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { describeApiError, FormMessage, type FormMessageValue, type KnownApiError } from '@haven/shared/form-kit';
import { listLinkedAccounts, unlinkAccount, type LinkedAccount } from './api/account-calls';

export const LAST_WAY_IN_TEXT =
  'This is the only way you can sign in. Set a password or confirm an e-mail or mobile number first, then unlink it.';
const KNOWN: KnownApiError[] = [
  { text: LAST_WAY_IN_TEXT, field: '', message: LAST_WAY_IN_TEXT },
  { text: /^Switch back to your own profile/, field: '', message: 'Switch back to your own profile to unlink an account.' },
];
const PROVIDER: Record<string, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook', sso: 'Company account' };
const nameOf = (a: LinkedAccount) => [PROVIDER[a.provider] ?? a.provider, 'account', a.email].filter(Boolean).join(' ');
const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });

export function LinkedAccounts() {
  const [accounts, setAccounts] = useState<LinkedAccount[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const load = useCallback(() => {
    listLinkedAccounts()
      .then((a) => {
        setAccounts(a);
        setFailed(false);
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'linked accounts' });
        setFailed(true);
      });
  }, []);
  useEffect(load, [load]);

  const unlink = async (a: LinkedAccount) => {
    setBusy(a.uuid);
    setMessage(null);
    try {
      await unlinkAccount(a.uuid);
      setMessage({ tone: 'success', text: `${nameOf(a)} unlinked. It no longer signs in to your account.` });
      load();
    } catch (e) {
      setMessage({ tone: 'error', text: describeApiError(e, { action: 'unlink the account', known: KNOWN }).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="hv-account__card" aria-labelledby="linked-heading">
      <h2 id="linked-heading">Linked accounts</h2>
      {failed ? <LoadFailed what="Your linked accounts" retry={load} /> : null}
      {!failed && !accounts ? <Spinner label="Loading linked accounts" /> : null}
      {accounts && accounts.length === 0 ? (
        <p>No linked accounts. When you log in with Google, that Google account is linked here.</p>
      ) : null}
      {accounts && accounts.length > 0 ? (
        <ul className="hv-account__list" aria-label="Linked accounts">
          {accounts.map((a) => (
            <li key={a.uuid} className="hv-account__row">
              <span>
                <strong>{PROVIDER[a.provider] ?? a.provider}</strong>
                {a.email ? ` · ${a.email}` : null}
                <span className="hv-account__meta"> · linked {day(a.linked_at)}</span>
              </span>
              {a.can_unlink ? (
                <Button variant="secondary" disabled={busy !== null} onClick={() => void unlink(a)} aria-label={`Unlink ${nameOf(a)}`}>
                  {busy === a.uuid ? 'Unlinking…' : 'Unlink'}
                </Button>
              ) : (
                <span className="hv-account__meta">{LAST_WAY_IN_TEXT}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <FormMessage message={message} />
    </section>
  );
}
