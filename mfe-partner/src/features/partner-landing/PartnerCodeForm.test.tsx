import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportError } from '@haven/shared';
import { PartnerCodeForm } from './PartnerCodeForm';

// The form's contract with the sign-in entry is partnerLogin (tested in shared/src/entries/auth-flows/login-methods.test.ts);
// `failLoad` stands for the entry's chunk failing to arrive.
let failLoad = false;
const partnerLogin = jest.fn();
jest.mock('@haven/shared/auth-flows', () => ({
  get partnerLogin() {
    if (failLoad) throw new Error('Loading chunk auth-flows failed');
    return partnerLogin;
  },
}));
jest.mock('@haven/shared', () => ({ ...jest.requireActual<object>('@haven/shared'), reportError: jest.fn() }));

function renderForm() {
  const onStart = jest.fn();
  const onVerified = jest.fn();
  render(<PartnerCodeForm companyId="acme" companyName="Acme" onStart={onStart} onVerified={onVerified} />);
  return { onStart, onVerified, field: screen.getByRole('textbox', { name: /Company code/ }) };
}

beforeEach(() => {
  failLoad = false;
  jest.clearAllMocks();
});

describe('PartnerCodeForm', () => {
  it.each([
    ['too short', '12345'],
    ['empty', ''],
  ])('a code that is %s is refused in the field, nothing is sent', async (_, typed) => {
    const { field, onStart } = renderForm();
    if (typed) await userEvent.type(field, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Enter the 6-digit code from your organisation')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(partnerLogin).not.toHaveBeenCalled();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('a right code goes on to log in', async () => {
    partnerLogin.mockResolvedValue({ ok: true, meta: null });
    const { field, onVerified } = renderForm();
    await userEvent.type(field, '12a3456'); // digits only
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(partnerLogin).toHaveBeenCalledWith('acme', '123456');
  });

  it.each([
    ['a letter', false, { key: 'a' }],
    ['a space', false, { key: ' ' }],
    ['a dash', false, { key: '-' }],
    ['a digit', true, { key: '4' }],
    ['Backspace', true, { key: 'Backspace' }],
    ['paste (Ctrl+V)', true, { key: 'v', ctrlKey: true }],
  ])('the code field is numeric-only: %s, typed: %s', (_, allowed, key) => {
    const { field } = renderForm();
    expect(fireEvent.keyDown(field, key)).toBe(allowed); // false: the key was refused
  });

  it('a wrong code shows the api message and keeps the typed digits', async () => {
    partnerLogin.mockResolvedValue({ ok: false, error: 'Invalid verification code' });
    const { field, onVerified } = renderForm();
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(field).toHaveValue('654321');
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('when the sign-in code cannot be loaded: a clear message, the digits kept, the error reported', async () => {
    failLoad = true;
    const { field, onVerified } = renderForm();
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't check your code: no connection to Haven.");
    expect(field).toHaveValue('654321');
    expect(screen.getByRole('button', { name: 'Verify code' })).toBeEnabled();
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Loading chunk auth-flows failed' }), expect.any(Object));
    expect(partnerLogin).not.toHaveBeenCalled();
    expect(onVerified).not.toHaveBeenCalled();
  });
});
