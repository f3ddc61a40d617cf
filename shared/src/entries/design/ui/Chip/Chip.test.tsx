import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chip } from './Chip';

describe('Chip', () => {
  it('a removable chip shows its filter and a remove button named for it', async () => {
    const onRemove = jest.fn();
    render(<Chip label="Hindi" onRemove={onRemove} />);
    expect(screen.getByText('Hindi')).toBeInTheDocument();
    await userEvent.tab();
    const remove = screen.getByRole('button', { name: 'Remove Hindi' });
    expect(remove).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('a toggle chip is a pressed/unpressed button', async () => {
    const onToggle = jest.fn();
    const { rerender } = render(<Chip label="Evenings" selected={false} onToggle={onToggle} />);
    const chip = screen.getByRole('button', { name: 'Evenings' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip);
    expect(onToggle).toHaveBeenCalledWith(true);
    rerender(<Chip label="Evenings" selected onToggle={onToggle} />);
    expect(screen.getByRole('button', { name: 'Evenings' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('disabled takes no press', async () => {
    const onRemove = jest.fn();
    render(<Chip label="Hindi" onRemove={onRemove} disabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Hindi' }));
    expect(onRemove).not.toHaveBeenCalled();
  });

  it('draws its tick only when on, and its cross, as hidden pictures', () => {
    const { rerender, container } = render(<Chip label="Evenings" selected={false} onToggle={jest.fn()} />);
    expect(container.querySelector('svg')).toBeNull();
    rerender(<Chip label="Evenings" selected onToggle={jest.fn()} />);
    expect(container.querySelector('.hv-chip__icon svg')).toHaveAttribute('aria-hidden', 'true');
    rerender(<Chip label="Hindi" onRemove={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Remove Hindi' }).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
