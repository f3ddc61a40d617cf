import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AnswerCards } from './AnswerCards';

const OPTIONS = [
  { value: '0', label: 'Not at all' },
  { value: '1', label: 'Several days' },
  { value: '2', label: 'More than half the days' },
  { value: '3', label: 'Nearly every day' },
];

function Question({ onChange, ...props }: { disabled?: boolean; loading?: boolean; error?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <AnswerCards
      legend="Little interest or pleasure in doing things"
      hint="Over the last 2 weeks"
      name="q1"
      options={OPTIONS}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
      {...props}
    />
  );
}

describe('AnswerCards', () => {
  it('is a group named by its question, each card a radio named by its answer', async () => {
    render(<Question />);
    const group = screen.getByRole('group', { name: 'Little interest or pleasure in doing things' });
    expect(group).toHaveAccessibleDescription('Over the last 2 weeks');
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    await userEvent.click(screen.getByText('Several days'));
    expect(screen.getByRole('radio', { name: 'Several days' })).toBeChecked();
  });

  it('moves between answers with the arrow keys', async () => {
    const onChange = jest.fn();
    render(<Question onChange={onChange} />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Not at all' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Several days' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('1');
  });

  it('shows an error read with the group and marks its cards', () => {
    const { container } = render(<Question error="Choose an answer to go on" />);
    expect(screen.getByRole('group')).toHaveAccessibleDescription('Over the last 2 weeks Choose an answer to go on');
    expect(container.querySelector('.hv-answers--invalid')).not.toBeNull();
  });

  it('while saving is busy, announces it and takes no change', async () => {
    const onChange = jest.fn();
    render(<Question loading onChange={onChange} />);
    expect(screen.getByRole('group')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Saving your answer' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Several days'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('disabled takes no answer', async () => {
    const onChange = jest.fn();
    render(<Question disabled onChange={onChange} />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await userEvent.click(screen.getByText('Nearly every day'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
