// Crisis lines per country ("crisis help always one tap away"). A checked-in table, loaded with the
// crisis dialog and the assessment pages only (never in the first paint). India first: most of our people
// are there. Numbers as each service publishes them: every country names where its numbers come from and
// when they were last checked against that source; the clinical team reviews this table, and re-checks
// any country reviewed more than a year ago, before each release (docs/assessment-risk.md). The offline
// page (shell/public/offline.html) lists the same numbers; a test keeps the two equal.

export interface Helpline {
  name: string;
  /** What to dial, as printed (spaces for reading). */
  number: string;
  /** When and what (hours, call or text). */
  note: string;
}

export interface CountryHelplines {
  /** ISO 3166-1 alpha-2. */
  code: string;
  country: string;
  lines: Helpline[];
  /** Who publishes these numbers (the services' own pages or the government's). */
  source: string;
  /** When the numbers were last checked against the source (YYYY-MM-DD). */
  reviewed: string;
}

export const HELPLINES: readonly CountryHelplines[] = [
  {
    code: 'IN',
    country: 'India',
    lines: [
      { name: 'Emergency (police, fire, ambulance)', number: '112', note: 'All day, every day' },
      { name: 'Tele-MANAS mental health helpline', number: '14416', note: 'Free, all day, every day, in many Indian languages' },
      { name: 'Tele-MANAS (toll-free number)', number: '1800 891 4416', note: 'Free, all day, every day' },
    ],
    source:
      'Ministry of Health and Family Welfare, Tele-MANAS (telemanas.mohfw.gov.in); Emergency Response Support System 112 (112.gov.in)',
    reviewed: '2026-11-26',
  },
  {
    code: 'US',
    country: 'United States',
    lines: [
      { name: 'Emergency', number: '911', note: 'All day, every day' },
      { name: '988 Suicide & Crisis Lifeline', number: '988', note: 'Call or text, all day, every day' },
    ],
    source: '988 Suicide & Crisis Lifeline (988lifeline.org); 911: FCC',
    reviewed: '2026-11-26',
  },
  {
    code: 'GB',
    country: 'United Kingdom',
    lines: [
      { name: 'Emergency', number: '999', note: 'All day, every day' },
      { name: 'Samaritans', number: '116 123', note: 'Free, all day, every day' },
      { name: 'NHS 111 (urgent, not an emergency)', number: '111', note: 'All day, every day' },
    ],
    source: 'Samaritans (samaritans.org); NHS (nhs.uk: 999 and 111)',
    reviewed: '2026-11-26',
  },
  {
    code: 'AE',
    country: 'United Arab Emirates',
    lines: [
      { name: 'Ambulance', number: '998', note: 'All day, every day' },
      { name: 'Police', number: '999', note: 'All day, every day' },
    ],
    source: 'UAE Government portal (u.ae): emergency numbers',
    reviewed: '2026-11-26',
  },
  {
    code: 'CA',
    country: 'Canada',
    lines: [
      { name: 'Emergency', number: '911', note: 'All day, every day' },
      { name: '9-8-8 Suicide Crisis Helpline', number: '988', note: 'Call or text, all day, every day' },
    ],
    source: '9-8-8 Suicide Crisis Helpline (988.ca); 911',
    reviewed: '2026-11-26',
  },
  {
    code: 'AU',
    country: 'Australia',
    lines: [
      { name: 'Emergency', number: '000', note: 'All day, every day' },
      { name: 'Lifeline', number: '13 11 14', note: 'All day, every day' },
    ],
    source: 'Lifeline Australia (lifeline.org.au); Triple Zero (triplezero.gov.au)',
    reviewed: '2026-11-26',
  },
  {
    code: 'SG',
    country: 'Singapore',
    lines: [
      { name: 'Ambulance', number: '995', note: 'All day, every day' },
      { name: 'Samaritans of Singapore', number: '1767', note: 'All day, every day' },
    ],
    source: 'Samaritans of Singapore (sos.org.sg); Singapore Civil Defence Force 995 (scdf.gov.sg)',
    reviewed: '2026-11-26',
  },
  {
    code: 'IE',
    country: 'Ireland',
    lines: [
      { name: 'Emergency', number: '112', note: 'All day, every day' },
      { name: 'Samaritans', number: '116 123', note: 'Free, all day, every day' },
    ],
    source: 'Samaritans Ireland (samaritans.org/ireland); 112/999: Government of Ireland (gov.ie)',
    reviewed: '2026-11-26',
  },
  {
    code: 'NZ',
    country: 'New Zealand',
    lines: [
      { name: 'Emergency', number: '111', note: 'All day, every day' },
      { name: 'Need to talk? 1737', number: '1737', note: 'Call or text, free, all day, every day' },
    ],
    source: 'Need to talk? 1737 (1737.org.nz); 111: NZ Police (police.govt.nz)',
    reviewed: '2026-11-26',
  },
];

export const DEFAULT_HELPLINE_COUNTRY = 'IN';

/**
 * The table in the order the dialog shows it: the person's country first (its ISO code or its name, as
 * the location service or `userCountry` give it; India when unknown or not in the table), then India,
 * then the rest in table order.
 */
export function helplinesFor(country: string | null | undefined, table: readonly CountryHelplines[] = HELPLINES): CountryHelplines[] {
  const code = country?.trim().toUpperCase() ?? '';
  const first =
    table.find((entry) => entry.code === code || entry.country.toUpperCase() === code) ??
    table.find((entry) => entry.code === DEFAULT_HELPLINE_COUNTRY);
  const india = table.find((entry) => entry.code === DEFAULT_HELPLINE_COUNTRY);
  const head = [first, india].filter((entry, i, all): entry is CountryHelplines => entry !== undefined && all.indexOf(entry) === i);
  return [...head, ...table.filter((entry) => !head.includes(entry))];
}

/** A tel: address from a printed number: digits and a leading + only. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
