// The card a patient chooses from: portrait, qualification and registration, languages, the next three
// free times (each opens the booking at it), the price the booking charges in the patient's currency
// (offer applied, a note when the provider is priced in another), "Free" where free, "Covered by" and
// ₹0 where the patient's company package covers the provider, and no coupon codes (the list shows them once).
import { render, screen, within } from '@testing-library/react';
import { havenStore, setRuntimeConfig, type AuthUser, type Provider } from '@haven/shared';
import { testRuntimeConfig } from '../../../../shared/src/core/test/runtime-config-kit';
import { ProviderCard } from './ProviderCard';
import { offering } from '../../test/offering';

const config = testRuntimeConfig({ assetHost: 'http://localhost:4000' });
beforeEach(() => setRuntimeConfig(config));
afterEach(() => setRuntimeConfig(null));

const TIMES = ['2026-12-08T04:30:00.000Z', '2026-12-08T05:30:00.000Z', '2026-12-09T04:30:00.000Z'];
const ananya = {
  uuid: 'p-ananya',
  firstname: 'Ananya',
  lastname: 'Rao',
  roles: ['therapist'],
  languages: ['english', 'hindi'],
  concerns: ['anxiety', 'stress'],
  experience_years: 8,
  online_offering: offering(1500, 38),
  avatar_url: 'http://localhost:4000/avatars/ananya-rao.webp',
  qualification: 'M.Phil. Clinical Psychology',
  registration: { council: 'Rehabilitation Council of India', number: 'A21874' },
  approach: 'Practical CBT tools for worry, stress and sleep.',
  next_free_times: TIMES,
  testimonials: [{ author_label: 'A patient in Mumbai', body: 'Calm and practical.', rating: 5, published_at: '2026-11-01T00:00:00.000Z' }],
  covered_by: null,
} as Provider;
const neha = {
  ...ananya,
  uuid: 'p-neha',
  firstname: 'Neha',
  lastname: 'Pillai',
  online_offering: offering(1300, 33),
  offer: { discount_amount: { value: 300, currency: 'INR' }, discount_amount_currency: 'INR', discount_percentage: null },
} as Provider;
const zoya = { ...ananya, uuid: 'p-zoya', firstname: 'Zoya', lastname: 'Khan', online_offering: offering(0, null) } as Provider;
const sara = { ...ananya, uuid: 'p-sara', firstname: 'Sara', lastname: 'Collins', online_offering: offering(120, null, 'USD') } as Provider;
const INDIA = { international: false, locationZone: 'Asia/Kolkata' };
const NEW_YORK = { international: true, locationZone: 'America/New_York' };
const card = (provider: Provider, pricing: typeof INDIA = INDIA) =>
  render(<ProviderCard provider={provider} zone="Asia/Kolkata" pricing={pricing} />);

test('portrait (sized, lazy), qualification with registration, years, languages, concerns, approach and a testimonial', () => {
  card(ananya);
  const img = screen.getByTestId('provider-portrait');
  expect(img).toHaveAttribute('src', 'http://localhost:4000/avatars/ananya-rao.webp');
  expect(img).toHaveAttribute('width', '80');
  expect(img).toHaveAttribute('height', '80');
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(screen.getByTestId('provider-credentials')).toHaveTextContent(
    'M.Phil. Clinical Psychology · Reg. Rehabilitation Council of India A21874',
  );
  expect(screen.getByTestId('provider-languages')).toHaveTextContent('English, Hindi');
  expect(screen.getByText('8 years')).toBeInTheDocument();
  expect(screen.getByText('Anxiety, Stress')).toBeInTheDocument();
  expect(screen.getByText('Practical CBT tools for worry, stress and sleep.')).toBeInTheDocument();
  expect(screen.getByText('Calm and practical.')).toBeInTheDocument();
});

test('a portrait outside the avatar folder is not shown: the drawn default stands in', () => {
  card({ ...ananya, avatar_url: 'https://elsewhere.example/x.webp' } as Provider);
  expect(screen.queryByTestId('provider-portrait')).toBeNull();
});

test('the next three free times are links that open the booking at Confirm with that time chosen', () => {
  card(ananya);
  const times = within(screen.getByTestId('provider-times')).getAllByRole('link');
  expect(times).toHaveLength(3);
  times.forEach((link, i) => {
    // The accessible name begins with what the button shows (WCAG 2.5.3).
    expect(link.getAttribute('aria-label')!.startsWith(link.textContent!)).toBe(true);
    const q = new URL(link.getAttribute('href')!, 'http://localhost').searchParams;
    expect(Object.fromEntries(q)).toEqual({
      provider: 'p-ananya',
      step: '5',
      mode: 'online',
      type: 'individual',
      duration: '50',
      date: i < 2 ? '2026-12-08' : '2026-12-09',
      slot: TIMES[i],
      tz: 'Asia/Kolkata',
    });
  });
});

test.each([
  ['India', INDIA, '₹1,500'],
  ['New York', NEW_YORK, '$38'],
])('located in %s: the fee is in the patient currency, and no coupon codes on the card', (_where, pricing, fee) => {
  card(ananya, pricing);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(new RegExp(`^\\${fee}$`));
  expect(screen.queryByTestId('provider-coupons')).toBeNull();
  expect(screen.queryByTestId('provider-price-note')).toBeNull();
});

test('a provider priced only in another currency says so plainly', () => {
  card(sara, INDIA);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(/^\$120$/);
  expect(screen.getByTestId('provider-price-note')).toHaveTextContent('Priced in US dollars ($)');
});

test("Neha's offer shown is the offer applied: ₹1,300 struck, from ₹1,000", () => {
  card(neha);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(/^₹1,300 ₹1,000$/);
  expect(screen.getByTestId('provider-offer')).toHaveTextContent(/^₹300 off$/);
});

test('an INR offer is not shown beside a $ price (it does not apply)', () => {
  card(neha, NEW_YORK);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(/^\$33$/);
  expect(screen.queryByTestId('provider-offer')).toBeNull();
});

test('a free provider says "Free"', () => {
  card(zoya);
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(/^Free$/);
});

test('covered by the patient company package: "Covered by Acme Corp" and ₹0, never the price', () => {
  card({ ...ananya, covered_by: 'Acme Corp' } as Provider);
  expect(screen.getByText('Covered by Acme Corp')).toBeInTheDocument();
  expect(screen.getByTestId('provider-fee')).toHaveTextContent(/^₹0$/);
  expect(screen.queryByText('₹1,500')).toBeNull();
});

test("'Part of your organisation's care team' only to a signed-in member of an organisation, never to a visitor", () => {
  const intake = { ...ananya, uuid: 'p-intake', roles: ['cf-intake-specialist'] } as Provider;
  const note = /organisation's care team/;
  const { unmount } = card(intake);
  expect(screen.queryByText(note)).toBeNull();
  unmount();
  havenStore.getState().auth.update({ user: { organisation_id: 7 } as AuthUser });
  try {
    card(intake);
    expect(screen.getByText(note)).toBeInTheDocument();
  } finally {
    havenStore.getState().auth.update({ user: null });
  }
});
