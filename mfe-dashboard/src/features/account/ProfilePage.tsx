import { useCallback, useEffect, useState } from 'react';
import { Avatar, eventBus, reportError, Spinner } from '@haven/shared';
import { LoadFailed } from '@haven/shared/design';
import { fetchProfileInfo, type ApiUser } from './api/account-calls';
import { ContactChange } from './ContactChange';
import { ProfileDetails } from './ProfileDetails';
import { ProfileContacts } from './ProfileContacts';

/** /account: the acting profile's details; the account holder also changes e-mail and mobile here. */
export function ProfilePage() {
  const [user, setUser] = useState<ApiUser | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    fetchProfileInfo()
      .then((u) => {
        setUser(u);
        setFailed(false);
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'account profile info' });
        setFailed(true);
      });
  }, []);
  useEffect(() => {
    eventBus.emit('profile:event', { name: 'profile_details_click' });
    load();
    const off = eventBus.on('profile:switch', load);
    return off;
  }, [load]);
  if (failed) return <LoadFailed what="Your details" retry={load} />;
  if (!user) return <Spinner label="Loading your details" />;
  return (
    <>
      <div className="hv-account__who">
        <Avatar person={user} size="lg" />
        <p>
          <strong>{`${user.first_name} ${user.last_name}`.trim() || 'Your profile'}</strong>
          {user.is_secondary_profile ? ' (a profile of your account)' : null}
        </p>
      </div>
      <ProfileDetails user={user} onSaved={load} />
      <ProfileContacts profileKey={`${user.uuid}:${user.date_of_birth ?? ''}`} />
      {user.is_secondary_profile ? (
        <p className="hv-account__note">
          The e-mail and mobile number belong to the account holder. Switch back to your own profile to change them.
        </p>
      ) : (
        <>
          <ContactChange kind="phone" user={user} onChanged={setUser} />
          <ContactChange kind="email" user={user} onChanged={setUser} />
        </>
      )}
    </>
  );
}
