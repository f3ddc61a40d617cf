// Consent that fits the person, one case per kind of profile: the account holder and an adult profile
// tick "18 years or older" for themselves; a child's profile is consented for by the parent, worded so,
// and the 18+ line never appears.
import { render, screen, within } from '@testing-library/react';
import { LegalConsentDialog } from './DashboardModals';
import type { ConsentPartyInfo, LegalConsentNeeds } from './legal-consent';

const everything: LegalConsentNeeds = { privacyPolicy: true, termsAndPrivacy: true, eighteenPlus: true, guardian: false };
const show = (party: ConsentPartyInfo, needs: LegalConsentNeeds) => {
  render(<LegalConsentDialog needs={needs} party={party} onDone={() => undefined} />);
  return screen.getByRole('dialog');
};
const boxes = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('checkbox')
    .map((b) => b.closest('label')?.textContent);

test('the account holder: their own consents, with the 18+ line', () => {
  const dialog = show({ party: 'self', name: 'Asha', guardianConsentGiven: false }, everything);
  expect(dialog).toHaveAccessibleName('Please review and accept');
  expect(boxes(dialog)).toEqual([
    'I have read and accept the updated privacy policy',
    'I accept the terms of use and the privacy policy',
    'I confirm that I am 18 years or older',
  ]);
});

test("an adult profile: the profile's own person consents, with the 18+ line", () => {
  const dialog = show({ party: 'adult_profile', name: 'Mira', guardianConsentGiven: false }, { ...everything, privacyPolicy: false });
  expect(dialog).toHaveAccessibleDescription("These consents are Mira's own: Mira reads and ticks them.");
  expect(boxes(dialog)).toEqual(['I accept the terms of use and the privacy policy', 'I confirm that I am 18 years or older']);
});

test("a child's profile (born 2016): the parent consents for the child; no 18+ line anywhere", () => {
  const dialog = show(
    { party: 'child', name: 'Kiran', guardianConsentGiven: false },
    { privacyPolicy: false, termsAndPrivacy: true, eighteenPlus: false, guardian: true },
  );
  expect(dialog).toHaveAccessibleName('Consent for Kiran');
  expect(dialog).toHaveAccessibleDescription('Kiran is under 18, so you give these consents for Kiran as their parent or guardian.');
  expect(boxes(dialog)).toEqual([
    'I accept the terms of use and the privacy policy for Kiran',
    "I am Kiran's parent or legal guardian and I consent to Kiran's care",
  ]);
  expect(dialog).not.toHaveTextContent(/18 years or older/);
});
