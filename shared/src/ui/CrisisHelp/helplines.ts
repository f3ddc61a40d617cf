// Crisis lines per country (issue 18 "crisis help always one tap away"). A checked-in table, loaded
// with the crisis dialog only (never in the first paint). India first: most of our people are there.
// Numbers as each service publishes them; the clinical team reviews this table before each release
// (docs/safe-landing.md).

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
  },
  {
    code: 'US',
    country: 'United States',
    lines: [
      { name: 'Emergency', number: '911', note: 'All day, every day' },
      { name: '988 Suicide & Crisis Lifeline', number: '988', note: 'Call or text, all day, every day' },
    ],
  },
  {
    code: 'GB',
    country: 'United Kingdom',
    lines: [
      { name: 'Emergency', number: '999', note: 'All day, every day' },
      { name: 'Samaritans', number: '116 123', note: 'Free, all day, every day' },
      { name: 'NHS 111 (urgent, not an emergency)', number: '111', note: 'All day, every day' },
    ],
  },
  {
    code: 'AE',
    country: 'United Arab Emirates',
    lines: [
      { name: 'Ambulance', number: '998', note: 'All day, every day' },
      { name: 'Police', number: '999', note: 'All day, every day' },
    ],
  },
  {
    code: 'CA',
    country: 'Canada',
    lines: [
      { name: 'Emergency', number: '911', note: 'All day, every day' },
      { name: '9-8-8 Suicide Crisis Helpline', number: '988', note: 'Call or text, all day, every day' },
    ],
  },
  {
    code: 'AU',
    country: 'Australia',
    lines: [
      { name: 'Emergency', number: '000', note: 'All day, every day' },
      { name: 'Lifeline', number: '13 11 14', note: 'All day, every day' },
    ],
  },
  {
    code: 'SG',
    country: 'Singapore',
    lines: [
      { name: 'Ambulance', number: '995', note: 'All day, every day' },
      { name: 'Samaritans of Singapore', number: '1767', note: 'All day, every day' },
    ],
  },
  {
    code: 'IE',
    country: 'Ireland',
    lines: [
      { name: 'Emergency', number: '112', note: 'All day, every day' },
      { name: 'Samaritans', number: '116 123', note: 'Free, all day, every day' },
    ],
  },
  {
    code: 'NZ',
    country: 'New Zealand',
    lines: [
      { name: 'Emergency', number: '111', note: 'All day, every day' },
      { name: 'Need to talk? 1737', number: '1737', note: 'Call or text, free, all day, every day' },
    ],
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
  const first = table.find((entry) => entry.code === code || entry.country.toUpperCase() === code) ?? table.find((entry) => entry.code === DEFAULT_HELPLINE_COUNTRY);
  const india = table.find((entry) => entry.code === DEFAULT_HELPLINE_COUNTRY);
  const head = [first, india].filter((entry, i, all): entry is CountryHelplines => entry !== undefined && all.indexOf(entry) === i);
  return [...head, ...table.filter((entry) => !head.includes(entry))];
}

/** A tel: address from a printed number: digits and a leading + only. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
