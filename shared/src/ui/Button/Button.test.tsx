import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';

describe('Button', () => {
  it('is a non-submitting button by default and calls onClick', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('hv-button', 'hv-button--primary');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('applies the variant, block and caller classes, and passes type through', () => {
    render(
      <Button variant="secondary" block type="submit" className="extra">
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveClass('hv-button--secondary', 'hv-button--block', 'extra');
  });

  it('does not fire when disabled', async () => {
    const onClick = jest.fn();
    render(
      <Button disabled onClick={onClick}>
        Wait
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Wait' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
