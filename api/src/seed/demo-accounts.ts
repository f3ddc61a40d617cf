// Demo log-ins created by the seed. Printed by `node --import tsx api/src/main.ts` and listed in api/README.md.
export interface DemoAccount {
  role: string;
  email: string;
  password: string;
  note: string;
}

export const DEMO_PASSWORD = 'Haven#2026';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    role: 'patient (multi-profile)',
    email: 'patient@haven.test',
    password: DEMO_PASSWORD,
    note: 'b2c; a secondary profile (Aarav); upcoming, suggested and completed sessions; every consent accepted; AI consent given',
  },
  {
    role: 'patient (new)',
    email: 'newpatient@haven.test',
    password: DEMO_PASSWORD,
    note: 'b2c; no sessions; no consent given yet (new privacy policy unaccepted)',
  },
  {
    role: 'patient (international)',
    email: 'intl@haven.test',
    password: DEMO_PASSWORD,
    note: 'b2c in America/New_York; USD providers; terms accepted, eighteen-plus not',
  },
  {
    role: 'b2b employee (card dashboard on)',
    email: 'employee@acme.test',
    password: DEMO_PASSWORD,
    note: 'Acme Corp, short_code acme, show_card_dashboard on; kli CRN CRN1001; partial consents',
  },
  {
    role: 'b2b employee (card dashboard off)',
    email: 'employee@globex.test',
    password: DEMO_PASSWORD,
    note: 'Globex, no short_code, show_card_dashboard off',
  },
  {
    role: 'corporate partner (isCfUser)',
    email: 'cf@initech.test',
    password: DEMO_PASSWORD,
    note: 'Initech (CF partner): cf_booking_configs enabled',
  },
  {
    role: 'clinician',
    email: 'clinician@haven.test',
    password: DEMO_PASSWORD,
    note: 'usertype clinician: the api signs in; the web client refuses it',
  },
  {
    role: 'cf clinician',
    email: 'cfclinician@haven.test',
    password: DEMO_PASSWORD,
    note: 'usertype cf_clinician: the api signs in; the web client refuses it',
  },
];

/** Log-ins the feature seeds add (src/seed/<feature>.ts) for one flow each; printed beside the main ones. */
export const FLOW_DEMO_ACCOUNTS: DemoAccount[] = [
  {
    role: 'parent (children-first)',
    email: 'parent@haven.test',
    password: DEMO_PASSWORD,
    note: 'child profile Kiran: activated under Profiles (children-first care), then intake, then clinician, at /booking/children-first',
  },
  {
    role: 'patient (couple)',
    email: 'couple@haven.test',
    password: DEMO_PASSWORD,
    note: 'an upcoming couple session with her partner on it; next free times offered',
  },
  {
    role: 'b2b employee (plan without psychiatry)',
    email: 'employee@lumen.test',
    password: DEMO_PASSWORD,
    note: 'Lumen Works, plan 2b2: no psychiatry anywhere; clinics in Bengaluru and Mumbai',
  },
  {
    role: 'employer SSO employee',
    email: 'anna@northwind.test',
    password: '(SSO)',
    note: 'no password: "Continue with your company account" on the log-in page (Northwind)',
  },
  { role: 'employer SSO employee', email: 'ravi@contoso.test', password: '(SSO)', note: 'the same through Contoso' },
];

export const DEMO_ORGANISATIONS = {
  acme: { uuid: '6f1c2d3e-4a5b-4c6d-8e7f-a1b2c3d4e5f6', name: 'Acme Corp', short_code: 'acme', show_card_dashboard: true },
  globex: { uuid: '7a2b3c4d-5e6f-4a7b-9c8d-b2c3d4e5f6a7', name: 'Globex', short_code: null, show_card_dashboard: false },
  initech: { uuid: '8b3c4d5e-6f7a-4b8c-8d9e-c3d4e5f6a7b8', name: 'Initech', short_code: 'initech', show_card_dashboard: false },
} as const;
