import { LegalPage } from './LegalPage';
import { PRIVACY_POLICY, TERMS_OF_USE } from './legal-texts';

export const TermsOfUsePage = () => <LegalPage text={TERMS_OF_USE} />;
export const PrivacyPolicyPage = () => <LegalPage text={PRIVACY_POLICY} />;
