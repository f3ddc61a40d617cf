import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels the input and is valid without an error', async () => {
    const onChange = jest.fn();
    render(<TextField label="E-mail" name="email" type="email" onChange={onChange} />);
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
    expect(onChange).toHaveBeenCalled();
  });

  it('shows the error text, marks the input invalid and describes it by hint and error', () => {
    render(<TextField label="Phone" hint="Ten digits" error="Please enter a valid phone number" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ten digits Please enter a valid phone number');
    expect(screen.getByText('Please enter a valid phone number')).toHaveClass('hv-text-field__error');
  });

  it('keeps a given id', () => {
    render(<TextField id="first-name" label="First name" />);
    expect(screen.getByLabelText('First name')).toHaveAttribute('id', 'first-name');
  });
});

describe('TextField oneMessage', () => {
  it('shows the hint, then the error instead of it, in one polite live line that is always there', () => {
    const { rerender, container } = render(<TextField label="Password" hint="At least 8 characters" oneMessage />);
    const slot = container.querySelector('.hv-text-field__message');
    expect(slot).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters');
    rerender(<TextField label="Password" hint="At least 8 characters" error="Use at least 8 characters" oneMessage />);
    expect(container.querySelector('.hv-text-field__message')).toBe(slot);
    expect(screen.queryByText('At least 8 characters')).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters');
  });

  describe('digitsOnly: the numeric-only rule of the validation rules', () => {
    it('refuses a key that would type anything but a digit; digits, Backspace and arrows work', async () => {
      const seen: string[] = [];
      render(<TextField label="Code" digitsOnly onChange={(e) => seen.push(e.target.value)} />);
      const input = screen.getByRole('textbox', { name: 'Code' });
      expect(input).toHaveAttribute('inputmode', 'numeric');
      await userEvent.type(input, '1a2 b-3.+e4');
      expect(input).toHaveValue('1234');
      expect(seen.every((value) => /^\d*$/.test(value))).toBe(true); // the owner never saw a non-digit
      await userEvent.type(input, '{ArrowLeft}{Backspace}');
      expect(input).toHaveValue('124');
      // The key itself is refused (fireEvent answers false when the default was prevented).
      expect(fireEvent.keyDown(input, { key: 'a' })).toBe(false);
      expect(fireEvent.keyDown(input, { key: ' ' })).toBe(false);
      expect(fireEvent.keyDown(input, { key: '7' })).toBe(true);
      expect(fireEvent.keyDown(input, { key: 'Tab' })).toBe(true);
      expect(fireEvent.keyDown(input, { key: 'v', ctrlKey: true })).toBe(true);
    });

    it('keeps only the digits of a paste (a shortcut passes the key filter)', async () => {
      const onChange = jest.fn();
      render(<TextField label="PIN" digitsOnly onChange={onChange} />);
      const input = screen.getByRole('textbox', { name: 'PIN' });
      await userEvent.click(input);
      await userEvent.paste('98 76-54');
      expect(input).toHaveValue('987654');
      expect((onChange.mock.calls.at(-1)?.[0] as { target: HTMLInputElement }).target.value).toBe('987654');
    });

    it('a field without it takes any text', async () => {
      render(<TextField label="Name" />);
      await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'a1 b');
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('a1 b');
    });
  });
});
