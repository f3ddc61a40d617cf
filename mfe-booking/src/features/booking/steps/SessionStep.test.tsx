// The session step in clinic: the centre list says it is loading until the centres answer (a key pressed
// on an empty list chose nothing), then offers the provider's centres and goes on with the one chosen.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Provider } from '@haven/shared';
import { SessionStep } from './SessionStep';
import { fetchClinics, type ClinicAnswer } from '../api/booking-calls';

jest.mock('../api/booking-calls', () => ({ ...jest.requireActual('../api/booking-calls'), fetchClinics: jest.fn() }));

const offering = { minimum_fee: 1500, currency: 'INR', display_text: '₹1500', couple: null };
const ananya = {
  uuid: 'p-ananya',
  firstname: 'Ananya',
  online_offering: offering,
  offline_offering: offering,
  clinic_centre_ids: [7],
} as unknown as Provider;
const clinics = [
  {
    code: 'blr',
    name: 'Bengaluru',
    centres: [
      { id: 7, centre_name: 'Indiranagar', address: '12 100 Feet Road' },
      { id: 8, centre_name: 'Jayanagar', address: '4th Block' },
    ],
  },
] as unknown as ClinicAnswer[];
const params = { provider: 'p-ananya', step: 1, mode: 'offline', type: null, centre: null } as never;

test('in clinic, the centre list is busy until the centres answer, then offers the provider’s centre and goes on with it', async () => {
  let answer: (value: ClinicAnswer[]) => void = () => undefined;
  jest.mocked(fetchClinics).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const onNext = jest.fn();
  render(
    <MemoryRouter>
      <SessionStep provider={ananya} params={params} onNext={onNext} />
    </MemoryRouter>,
  );
  const centre = screen.getByLabelText('Clinic centre');
  expect(centre).toBeDisabled();
  expect(centre).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('option', { name: 'Loading…' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await act(async () => answer(clinics));
  expect(centre).toBeEnabled();
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a centre', 'Indiranagar, Bengaluru — 12 100 Feet Road']);
  await userEvent.selectOptions(centre, '7');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(onNext).toHaveBeenCalledWith({ mode: 'offline', type: 'individual', centre: 7 });
});
