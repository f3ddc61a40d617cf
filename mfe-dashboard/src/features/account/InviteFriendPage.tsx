import { useState } from 'react';
import { Button, reportError, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import { fetchReferrals, type Referrals } from './api/referral-calls';

const SHARE_TEXT = 'I use Haven for therapy and care for my mind. Join with my link:';

/** The count in words: how many friends joined (never who). */
export function joinedText(n: number): string {
  if (n === 0) return 'No friends have joined with your link yet.';
  return n === 1 ? '1 friend has joined with your link.' : `${n} friends have joined with your link.`;
}

function InviteLink({ referrals }: { referrals: Referrals }) {
  const link = `${window.location.origin}${referrals.short_link}`;
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const canShare = typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setNote({ tone: 'ok', text: 'Link copied.' });
    } catch (e) {
      reportError(e, { where: 'invite link copy' });
      setNote({ tone: 'error', text: 'The link could not be copied. Select it above and copy it yourself.' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Join me on Haven', text: SHARE_TEXT, url: link });
    } catch (e) {
      // Closing the share sheet is a choice, not a failure.
      if ((e as { name?: string }).name !== 'AbortError') {
        reportError(e, { where: 'invite link share' });
        setNote({ tone: 'error', text: 'The link could not be shared. Copy it instead.' });
      }
    }
  };
  return (
    <>
      <label className="hv-invite__label" htmlFor="hv-invite-link">
        Your invite link
      </label>
      <input id="hv-invite-link" className="hv-invite__link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <p className="hv-invite__actions">
        <Button onClick={copy}>Copy link</Button>
        {canShare ? (
          <Button variant="ghost" onClick={share}>
            Share
          </Button>
        ) : null}
      </p>
      <p role={note?.tone === 'error' ? 'alert' : 'status'} className="hv-invite__note">
        {note?.text}
      </p>
      <p data-testid="invite-joined">{joinedText(referrals.joined_count)}</p>
    </>
  );
}

/** /account/invite: the patient's referral link, to copy or share, and how many friends joined with it. */
export function InviteFriendPage() {
  const read = useApiRead(fetchReferrals, [], 'referrals');
  return (
    // The account frame's h1 names this section ("Invite a friend"); no second heading repeats it.
    <div className="hv-invite">
      <p>Know someone who could use support? Send them your link: they sign up with it, and you see here how many joined.</p>
      <LoadState read={read} what="Your invite link">
        {(referrals) => <InviteLink referrals={referrals} />}
      </LoadState>
    </div>
  );
}
