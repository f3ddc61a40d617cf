import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { ContactChange } from './ContactChange';
import type { ApiUser } from './api/account-calls';

installApiTestKit();

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
    expect(await screen.findByText('We sent a code to +919123400034. Your mobile number changes when you enter it.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your mobile number is now 9123400034.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ mobile: '9123400034' }));
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
