// One community: what it is, how many belong, and joining or leaving it. Joining needs a community
// profile first: a username of the patient's own (checked as they choose it), shown to other members
// instead of their name.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, reportError, serverErrorMessage, useApiRead } from '@haven/shared';
import { LoadState } from '@haven/shared/design';
import {
  checkUsername,
  getCommunity,
  getCommunityProfile,
  joinCommunity,
  leaveCommunity,
  saveCommunityProfile,
  type CommunityDetail as Detail,
  type CommunityProfile,
} from './api/community-calls';

function UsernameForm({ onSaved }: { onSaved: (p: CommunityProfile) => void }) {
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    if (!username.trim()) return;
    try {
      const r = await checkUsername(username.trim());
      setProblem(r.available ? null : r.message);
    } catch (e) {
      // The check only helps; saving checks again.
      reportError(e, { where: 'community username check' });
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await saveCommunityProfile(username.trim()));
    } catch (e) {
      reportError(e, { where: 'community profile save' });
      setProblem(serverErrorMessage(e) ?? 'Your username was not saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="hv-community-form" onSubmit={submit} aria-label="Your community profile" noValidate>
      <p>Members see a username you choose, never your name. Choose one to join.</p>
      <label className="hv-field-label" htmlFor="community-username">
        Community username
      </label>
      <input
        id="community-username"
        className="hv-input"
        autoComplete="off"
        maxLength={30}
        value={username}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'community-username-problem' : 'community-username-hint'}
        onChange={(e) => {
          setUsername(e.target.value);
          setProblem(null);
        }}
        onBlur={() => void check()}
      />
      <p id="community-username-hint" className="hv-session__meta">
        3 to 20 letters, digits or underscores, starting with a letter.
      </p>
      {problem ? (
        <p id="community-username-problem" role="alert" className="hv-form-error">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        Save username and join
      </Button>
    </form>
  );
}

export function CommunityDetail({ slug }: { slug: string }) {
  const community = useApiRead(() => getCommunity(slug), [slug], 'community');
  // Wrapped: "no profile yet" (null) is an answer, not "still loading".
  const profile = useApiRead(async () => ({ mine: await getCommunityProfile() }), [], 'community profile');
  const [changed, setChanged] = useState<Detail | null>(null);
  const [ownProfile, setOwnProfile] = useState<CommunityProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const c = changed ?? community.data;
  const me = ownProfile ?? profile.data?.mine ?? null;
  const act = async (what: 'join' | 'leave') => {
    setBusy(true);
    setError(null);
    try {
      setChanged(what === 'join' ? await joinCommunity(slug) : await leaveCommunity(slug));
    } catch (e) {
      reportError(e, { where: `community ${what}`, slug });
      setError(serverErrorMessage(e) ?? `We could not ${what} the community. Please try again.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="community-heading" className="hv-sessions">
      <p>
        <Link to="/communities">All communities</Link>
      </p>
      <LoadState read={community} what="This community" />
      {c ? (
        <>
          <h2 id="community-heading">{c.name}</h2>
          <p className="hv-session__meta">
            {c.member_count.toLocaleString('en-IN')} members{c.joined ? ' · you are a member' : ''}
          </p>
          <p>{c.description}</p>
          <LoadState read={profile} what="Your community profile" />
          {error ? (
            <p role="alert" className="hv-form-error">
              {error}
            </p>
          ) : null}
          {profile.data && !me ? (
            <UsernameForm
              onSaved={(p) => {
                setOwnProfile(p);
                void act('join');
              }}
            />
          ) : null}
          {me ? (
            <p>
              You take part as <strong>{me.username}</strong>.
            </p>
          ) : null}
          {me && !c.joined ? (
            <Button disabled={busy} onClick={() => void act('join')}>
              Join community
            </Button>
          ) : null}
          {me && c.joined ? (
            <Button variant="secondary" disabled={busy} onClick={() => void act('leave')}>
              Leave community
            </Button>
          ) : null}
        </>
      ) : (
        <h2 id="community-heading">Community</h2>
      )}
    </section>
  );
}
