// Children-first care for a child's profile: its parent or guardian activates it, consenting for the
// child, before the child can book the intake and the clinician.
import { useState } from 'react';
import { Button, useApiRead } from '@haven/shared';
import { isAdult } from '@haven/shared/form-kit';
import { LoadState } from '@haven/shared/design';
import { useDialogAction } from '../common/useDialogAction';
import { activateCf, getCfActivation, type CfActivation } from './cf-activation-calls';

export interface ChildProfile {
  uuid: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
}
const nameOf = (p: ChildProfile) => `${p.first_name} ${p.last_name}`.trim() || 'Unnamed profile';

/** The profiles of someone under 18 (the same age rule as the api's). */
export const childProfiles = (profiles: ChildProfile[], today: Date = new Date()) =>
  profiles.filter((p) => p.date_of_birth !== null && !isAdult(p.date_of_birth, today));

function Activated({ name }: { name: string }) {
  return (
    <p>
      <strong>{name}</strong> can book children-first care. <a href="/booking/children-first">Book for {name}</a>
    </p>
  );
}

function ChildActivation({ child }: { child: ChildProfile }) {
  const name = nameOf(child);
  const read = useApiRead((signal) => getCfActivation(child.uuid, signal), [child.uuid], 'children-first activation');
  const [done, setDone] = useState<CfActivation | null>(null);
  const [consented, setConsented] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const action = useDialogAction(`${name}'s profile was not activated. Please try again.`);
  return (
    <li className="hv-account__row hv-cf-activation">
      <LoadState read={read} what={`${name}'s children-first care`}>
        {(state) =>
          state.activated || done ? (
            <Activated name={name} />
          ) : (
            <form
              aria-label={`Activate children-first care for ${name}`}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!consented) {
                  setUnconfirmed(true);
                  return;
                }
                void action.run(
                  'children-first activation',
                  async () => setDone(await activateCf(child.uuid)),
                  () => undefined,
                );
              }}
            >
              <p>
                <strong>{name}</strong> is not activated for children-first care yet.
              </p>
              <label className="hv-choice">
                <input
                  type="checkbox"
                  checked={consented}
                  aria-invalid={unconfirmed && !consented}
                  onChange={(e) => {
                    setConsented(e.target.checked);
                    setUnconfirmed(false);
                  }}
                />
                I am {name}&apos;s parent or guardian, and I consent to children-first care for them.
              </label>
              {unconfirmed && !consented ? (
                <p role="alert" className="hv-form-error">
                  Please confirm that you are {name}&apos;s parent or guardian.
                </p>
              ) : null}
              {action.alert}
              <Button type="submit" disabled={action.busy}>
                Activate for {name}
              </Button>
            </form>
          )
        }
      </LoadState>
    </li>
  );
}

/** The section of the profiles page: one line per child's profile (nothing when there is none). */
export function ChildrenFirstActivation({ profiles }: { profiles: ChildProfile[] }) {
  const children = childProfiles(profiles);
  if (children.length === 0) return null;
  return (
    <section className="hv-account__card" aria-labelledby="cf-heading">
      <h2 id="cf-heading">Children-first care</h2>
      <p>Care for children starts with an intake session, then a clinician. As their parent or guardian, you activate it for them first.</p>
      <ul className="hv-account__list">
        {children.map((c) => (
          <ChildActivation key={c.uuid} child={c} />
        ))}
      </ul>
    </section>
  );
}
