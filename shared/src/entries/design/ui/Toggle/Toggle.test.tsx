import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toggle } from './Toggle';

function Controlled(props: { loading?: boolean; disabled?: boolean; onChange?: (v: boolean) => void }) {
  const [on, setOn] = useState(false);
  return (
    <Toggle
      label="Session reminders"
      description="A text message an hour before"
      checked={on}
      loading={props.loading}
      disabled={props.disabled}
      onChange={(value) => {
        setOn(value);
        props.onChange?.(value);
      }}
    />
  );
}

describe('Toggle', () => {
  it('is a switch named by its label, described, and says Off / On in words', async () => {
    render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Session reminders' });
    expect(toggle).toHaveAccessibleDescription('A text message an hour before');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveTextContent('Off');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveTextContent('On');
  });

  it('turns with Space and Enter from the keyboard', async () => {
    render(<Controlled />);
    await userEvent.tab();
    const toggle = screen.getByRole('switch', { name: 'Session reminders' });
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('while saving is busy, says so and takes no second press', async () => {
    const onChange = jest.fn();
    render(<Controlled loading onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Session reminders' });
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    expect(toggle).toHaveTextContent('Saving…');
    await userEvent.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disabled cannot be turned', async () => {
    const onChange = jest.fn();
    render(<Controlled disabled onChange={onChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Session reminders' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
