import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { loadCountryCodes, loadPhoneReader } from '@haven/shared/form-kit';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { ContactChange } from './ContactChange';
import type { ApiUser } from './api/account-calls';

installApiTestKit();

// The phone field's country list and number reader are large lazy modules: loaded once up front, and a
// select of ~250 countries makes each step slow in jsdom.
beforeAll(() => Promise.all([loadCountryCodes(), loadPhoneReader()]), 60_000);
jest.setTimeout(30_000);

// The account holder after a sign-up that proved the e-mail and named a number: the number waits for its code.
const user = { uuid: 'u-1', email: 'asha@example.com', mobile: null, country_code: '91' } as unknown as ApiUser;

describe('ContactChange', () => {
  it('a code sent before this page (at sign-up) can be entered here, and the number joins the account', async () => {
    server.use(
      http.get(`${API}/customers/contact_change`, () => json({ data: [{ kind: 'phone', destination: '+919123400034' }] })),
      http.post(`${API}/customers/contact_change/verify`, () => json({ data: { ...user, mobile: '9123400034' } })),
    );
    const onChanged = jest.fn();
    render(<ContactChange kind="phone" user={user} onChanged={onChanged} />);
    // The phone field's country list loads beside it (a large module under jsdom): a longer wait.
    expect(
      await screen.findByText('We sent a code to +919123400034. Your mobile number changes when you enter it.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your mobile number is now 9123400034.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ mobile: '9123400034' }));
  });

  it('a new number is sent with its country’s calling code and shown as the log-in shows it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/customers/contact_change`, () => json({ data: [] })),
      http.post(`${API}/customers/contact_change`, async ({ request }) => {
        sent.push(await request.json());
        return json({ data: null });
      }),
    );
    const person = userEvent.setup();
    render(<ContactChange kind="phone" user={user} onChanged={jest.fn()} />);
    const country = screen.getByLabelText('Country code');
    await waitFor(() => expect(country.querySelectorAll('option').length).toBeGreaterThan(200), { timeout: 10_000 });
    await person.selectOptions(country, 'AE');
    await person.type(screen.getByLabelText('New mobile number'), '50 123 4567');
    await person.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('We sent a code to +971 50 123 4567. Your mobile number changes when you enter it.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ kind: 'phone', mobile: '501234567', country_code: '971' }]);
    expect(screen.getByLabelText('Code')).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('with nothing waiting, no code field is shown', async () => {
    let asked = false;
    server.use(
      http.get(`${API}/customers/contact_change`, () => {
        asked = true;
        return json({ data: [{ kind: 'email', destination: 'new@example.com' }] });
      }),
    );
    render(<ContactChange kind="phone" user={user} onChanged={jest.fn()} />);
    await screen.findByRole('button', { name: 'Send code' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(true);
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});
