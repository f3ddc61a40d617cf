// /account/profiles: the account's profiles and added members. Create, switch, delete (the dialog names
// what is lost); the add-member control is gone at the plan's cap and the api refuses past it.
import { useCallback, useEffect, useState } from 'react';
import { Dialog, Button, isValidName, normaliseName, reportError, sanitizeName, Spinner, useHavenStore, eventBus } from '@haven/shared';
import {
  canAddMember,
  createProfile,
  deleteProfile,
  fetchActingProfile,
  fetchMemberPlan,
  isActingAsSecondaryProfile,
  type MemberPlan,
  type ProfileKind,
} from '@haven/shared/auth-flows';
import { FormMessage, PROFILE_RELATIONSHIP_LABELS, TextField, useApiSubmit, type ProfileRelationship } from '@haven/shared/form-kit';
import { EmptyState, Select, LoadFailed } from '@haven/shared/design';
import { useForm } from '@haven/shared/forms';
import { useDialogAction } from '../common/useDialogAction';
import { ProfileSwitcher } from './ProfileSwitcher';
import { ChildrenFirstActivation } from './ChildrenFirstActivation';
import { PROFILE_REFUSALS, RELATIONSHIP_OPTIONS, relationshipRuleOn } from './relationship-rule';

interface Values {
  first_name: string;
  last_name: string;
  relationship: ProfileRelationship | '';
  date_of_birth: string;
}
type Person = {
  uuid: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  relationship?: ProfileRelationship | null;
};
const nameOf = (p: Person) => `${p.first_name} ${p.last_name}`.trim() || 'Unnamed profile';
export function AddForm({ kind, onAdded }: { kind: ProfileKind; onAdded: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { first_name: '', last_name: '', relationship: '', date_of_birth: '' }, shouldFocusError: false });
  const what = kind === 'member' ? 'member' : 'profile';
  const submit = useApiSubmit<Values>({
    setError,
    action: `add the ${what}`,
    fields: {
      first_name: { name: 'first_name', label: 'First name' },
      relationship: { name: 'relationship', label: 'Who is this for?' },
      date_of_birth: { name: 'date_of_birth', label: 'Date of birth' },
    },
    known: [
      ...PROFILE_REFUSALS,
      {
        text: 'You have added as many members as your plan allows.',
        field: '',
        message: 'You have added as many members as your plan allows.',
      },
      { text: /^An account can hold at most \d+ profiles\.$/, field: '', message: 'You have as many profiles as an account can hold.' },
    ],
  });
  const onSubmit = handleSubmit(async (v) => {
    submit.clear();
    try {
      await createProfile({
        kind,
        first_name: normaliseName(v.first_name),
        last_name: normaliseName(v.last_name),
        ...(v.relationship ? { relationship: v.relationship } : {}),
        ...(v.date_of_birth ? { date_of_birth: v.date_of_birth } : {}),
      });
      reset();
      submit.succeed(`${normaliseName(v.first_name)} was added.`);
      onAdded();
    } catch (e) {
      submit.fail(e);
    }
  }, submit.focusInvalid);
  return (
    <form
      className="hv-account__card"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={kind === 'member' ? 'Add a member' : 'New profile'}
    >
      <h3>{kind === 'member' ? 'Add a member' : 'New profile'}</h3>
      <TextField
        label="First name"
        maxLength={100}
        oneMessage
        error={errors.first_name?.message}
        {...register('first_name', {
          setValueAs: (value: string) => sanitizeName(value),
          validate: (value) => isValidName(value) || 'Enter a name with letters',
        })}
      />
      <TextField label="Last name" maxLength={100} {...register('last_name', { setValueAs: (value: string) => sanitizeName(value) })} />
      <Select
        label="Who is this for?"
        placeholder="Choose one"
        options={RELATIONSHIP_OPTIONS}
        error={errors.relationship?.message}
        {...register('relationship', { validate: (_value, all) => relationshipRuleOn(all, 'relationship', true), deps: ['date_of_birth'] })}
      />
      <TextField
        label="Date of birth"
        type="date"
        oneMessage
        hint="Needed for a child: it decides that you give their consents."
        error={errors.date_of_birth?.message}
        {...register('date_of_birth', {
          validate: (_value, all) => relationshipRuleOn(all, 'date_of_birth', true),
          deps: ['relationship'],
        })}
      />
      <Button type="submit" disabled={isSubmitting}>
        {kind === 'member' ? 'Add member' : 'Create profile'}
      </Button>
      <FormMessage message={submit.message} />
    </form>
  );
}

export function ProfilesPage() {
  const profiles = useHavenStore((s) => s.auth.profiles) as unknown as Person[];
  const primaryUuid = useHavenStore((s) => s.auth.user?.uuid ?? null);
  const [plan, setPlan] = useState<MemberPlan | null>(null);
  const [planFailed, setPlanFailed] = useState(false);
  const [acting, setActing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Person | null>(null);
  const remove = useDialogAction('The profile was not deleted. Please try again.');

  const reload = useCallback(() => {
    fetchMemberPlan()
      .then((p) => {
        setPlan(p);
        setPlanFailed(false);
      })
      .catch((e: unknown) => {
        reportError(e, { where: 'member plan' });
        setPlanFailed(true);
      });
    (isActingAsSecondaryProfile() ? fetchActingProfile().then((p) => p.uuid) : Promise.resolve(null))
      .then(setActing)
      .catch((e: unknown) => reportError(e, { where: 'acting profile' }));
  }, []);
  useEffect(() => {
    reload();
    return eventBus.on('profile:switch', reload);
  }, [reload]);

  const memberUuids = new Set(plan?.members.map((m) => m.uuid) ?? []);
  const secondary = profiles.filter((p) => p.uuid !== primaryUuid && !memberUuids.has(p.uuid));
  const members = profiles.filter((p) => memberUuids.has(p.uuid));
  const actingAsOther = acting !== null && acting !== primaryUuid;

  const row = (p: Person) => (
    <li key={p.uuid} className="hv-account__row">
      <span>
        {nameOf(p)}
        {p.relationship ? <span className="hv-account__meta"> · {PROFILE_RELATIONSHIP_LABELS[p.relationship].toLowerCase()}</span> : null}
        {p.date_of_birth ? <span className="hv-account__meta"> · born {p.date_of_birth}</span> : null}
        {acting === p.uuid ? <strong> · acting as</strong> : null}
      </span>
      {!actingAsOther ? (
        <Button
          variant="danger-ghost"
          onClick={() => {
            remove.setError(null);
            setDeleting(p);
          }}
        >
          Delete<span className="hv-visually-hidden"> {nameOf(p)}</span>
        </Button>
      ) : null}
    </li>
  );

  return (
    <>
      <ProfileSwitcher />
      {actingAsOther ? <p className="hv-account__note">Switch back to your own profile to add or delete profiles.</p> : null}
      <section className="hv-account__card" aria-labelledby="profiles-heading">
        <h2 id="profiles-heading">Profiles</h2>
        <p>Book and keep sessions, journals and documents apart for people you care for, such as a child.</p>
        {secondary.length ? (
          <ul className="hv-account__list">{secondary.map(row)}</ul>
        ) : (
          <EmptyState>
            <p>No other profiles yet.</p>
          </EmptyState>
        )}
        {!actingAsOther ? <AddForm kind="profile" onAdded={reload} /> : null}
      </section>
      {!actingAsOther ? <ChildrenFirstActivation profiles={secondary} /> : null}
      <section className="hv-account__card" aria-labelledby="members-heading">
        <h2 id="members-heading">Added members</h2>
        {planFailed ? <LoadFailed what="Members" retry={reload} /> : null}
        {!plan && !planFailed ? <Spinner label="Loading members" /> : null}
        {plan && !plan.showAddMember && plan.members.length === 0 ? <p>Your plan does not include added members.</p> : null}
        {plan && (plan.showAddMember || plan.members.length > 0) ? (
          <>
            <p>
              {plan.addedMemberCount} of {plan.maxMemberCount} members added.
            </p>
            {members.length ? <ul className="hv-account__list">{members.map(row)}</ul> : null}
            {canAddMember(plan) && !actingAsOther ? <AddForm kind="member" onAdded={reload} /> : null}
            {!canAddMember(plan) && plan.showAddMember ? (
              <p className="hv-account__note">You have added as many members as your plan allows.</p>
            ) : null}
          </>
        ) : null}
      </section>
      {deleting ? (
        <Dialog title={`Delete ${nameOf(deleting)}?`} onDismiss={() => setDeleting(null)}>
          <p>This deletes the profile of {nameOf(deleting)} for good. Lost with it:</p>
          <ul>
            <li>their documents and identity files,</li>
            <li>their journal entries,</li>
            <li>their upcoming sessions (cancelled).</li>
          </ul>
          <p>This cannot be undone.</p>
          {remove.alert}
          <div className="hv-dialog__actions">
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep profile
            </Button>
            <Button
              variant="danger"
              disabled={remove.busy}
              onClick={() =>
                void remove.run(
                  'delete profile',
                  () => deleteProfile(deleting.uuid, acting),
                  () => {
                    setDeleting(null);
                    reload();
                  },
                )
              }
            >
              Delete profile
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
