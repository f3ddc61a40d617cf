import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from './Select';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi' },
  { value: 'ta', label: 'Tamil', disabled: true },
];

describe('Select', () => {
  it('is a native select named by its label; the keyboard chooses', async () => {
    const onChange = jest.fn();
    render(<Select label="Language" options={LANGUAGES} placeholder="Choose a language" onChange={onChange} defaultValue="" />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'Choose a language' })).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Tamil' })).toBeDisabled();
    await userEvent.selectOptions(select, 'hi');
    expect(select).toHaveValue('hi');
    expect(onChange).toHaveBeenCalled();
  });

  it('reads its hint and error with the field and marks it invalid', () => {
    render(<Select label="Language" options={LANGUAGES} hint="The one you speak at home" error="Choose a language" />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveAccessibleDescription('The one you speak at home Choose a language');
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('draws groups under their own heading and leaves out an empty group', () => {
    render(
      <Select
        label="Book or contact"
        options={[
          { group: 'Your care team', options: [{ value: 'a', label: 'Asha Rao (Therapist)' }] },
          { group: 'Care coordinators', options: [] },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Your care team' })).toContainElement(
      screen.getByRole('option', { name: 'Asha Rao (Therapist)' }),
    );
    expect(screen.queryByRole('group', { name: 'Care coordinators' })).toBeNull();
  });

  it('while loading is disabled, busy and says so', () => {
    render(<Select label="Language" options={[]} placeholder="Choose a language" loading />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('option', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('disabled takes no choice', () => {
    render(<Select label="Language" options={LANGUAGES} disabled />);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeDisabled();
  });
});
