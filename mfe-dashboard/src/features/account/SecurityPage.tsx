// /account/security: how the patient signs in (linked accounts) and the account PIN.
import { LinkedAccounts } from './LinkedAccounts';
import { PinSettings } from './PinSettings';

export function SecurityPage() {
  return (
    <>
      <LinkedAccounts />
      <PinSettings />
    </>
  );
}
