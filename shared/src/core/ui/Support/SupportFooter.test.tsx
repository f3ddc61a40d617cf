// The footer's support line is the one for the person's located country: a patient in India is not
// shown a UK number.
import { act, render, screen, within } from '@testing-library/react';
import { havenStore } from '../../state/store';
import { setTestRuntimeConfig } from '../../test/runtime-config-kit';
import { SupportFooter } from './SupportFooter';

const support = {
  email: 'support@haven.test',
  whatsapp: '+442079460123',
  phone: '+442079460124',
  byCountry: { IN: { whatsapp: '+912200000123', phone: '+912200000124' } },
};

beforeEach(() => setTestRuntimeConfig({ support }));
const locatedIn = (country: string) =>
  act(() => havenStore.getState().userLocationDetails.setLocation({ country, timezone: 'UTC', display_timezone: 'UTC' }));

test.each([
  ['IN', '+912200000124'],
  ['GB', '+442079460124'],
])('located in %s: the footer shows %s', (country, phone) => {
  locatedIn(country);
  render(
    <footer>
      <SupportFooter />
    </footer>,
  );
  const footer = within(screen.getByRole('contentinfo'));
  expect(footer.getByRole('link', { name: `Phone: ${phone}` })).toHaveAttribute('href', `tel:${phone}`);
  expect(footer.getByRole('link', { name: 'E-mail: support@haven.test' })).toBeInTheDocument();
  expect(footer.getAllByRole('link')).toHaveLength(3);
});
