import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from '@haven/shared/forms';
import { CodeField, codeIn, codeProblem, CODE_MESSAGE } from './CodeField';

function Controlled({ refused = false }: { refused?: boolean }) {
  const [code, setCode] = useState('');
  return (
    <>
      <CodeField label="Verification code" value={code} onChange={(e) => setCode(e.target.value)} refusedBy={refused ? 'why' : undefined} />
      <p id="why">Invalid verification code</p>
      <output>{code}</output>
    </>
  );
}

function Registered() {
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const [sent, setSent] = useState('');
  return (
    <form noValidate onSubmit={(e) => void handleSubmit((v) => setSent(v.code))(e)}>
      <CodeField error={formState.errors.code?.message} {...register('code', { validate: codeProblem })} />
      <button type="submit">Confirm</button>
      <output>{sent}</output>
    </form>
  );
}

describe('codeIn and codeProblem: the code in a paste, and the code rule', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['12-34-56', '123456'],
    ['Your Haven code is 482913. It expires in 10 minutes.', '482913'],
    ['no digits', ''],
  ])('%j → %j', (text, code) => expect(codeIn(text)).toBe(code));

  it.each([
    ['1234', true],
    ['12345678', true],
    ['123', CODE_MESSAGE],
    ['123456789', CODE_MESSAGE],
    ['12a456', CODE_MESSAGE],
  ])('%j → %j', (value, answer) => expect(codeProblem(value)).toBe(answer));
});

describe('CodeField: the one one-time-code field', () => {
  it('is labelled, numeric and offered by the phone’s autofill', () => {
    render(<Controlled />);
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('maxlength', '8');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('takes digits only as typed', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByLabelText('Verification code'), '12a3-4');
    expect(screen.getByLabelText('Verification code')).toHaveValue('1234');
  });

  it('a pasted message keeps its whole code (controlled)', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByLabelText('Verification code'));
    await user.paste('Your code: 1234 5678');
    expect(screen.getByLabelText('Verification code')).toHaveValue('12345678');
    expect(screen.getByRole('status')).toHaveTextContent('12345678');
  });

  it('a wrong code marks the field invalid and names why', () => {
    render(<Controlled refused />);
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Invalid verification code');
  });

  it('registered in a form: a pasted code reaches the form, a short one is refused in words', async () => {
    const user = userEvent.setup();
    render(<Registered />);
    const field = screen.getByLabelText('Code');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(CODE_MESSAGE);
    await user.clear(field);
    await user.click(field);
    await user.paste('654 321');
    expect(field).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('654321', { selector: 'output' })).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
