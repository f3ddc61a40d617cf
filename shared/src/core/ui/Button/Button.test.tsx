import { fireEvent, render, screen } from '@testing-library/react';
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

describe('Button click throttle (product rules, Constants: 500 ms)', () => {
  afterEach(() => jest.useRealTimers());

  it('an action button with throttleClicks drops a second click within 500 ms and lets one through after', () => {
    jest.useFakeTimers({ now: 1_000 });
    const onClick = jest.fn();
    render(
      <Button throttleClicks onClick={onClick}>
        Book
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Book' });
    fireEvent.click(button);
    jest.setSystemTime(1_499);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_500);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('a toggle (a plain button) takes every click: its second click is meant', () => {
    jest.useFakeTimers({ now: 2_000 });
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Mute</Button>);
    const button = screen.getByRole('button', { name: 'Mute' });
    fireEvent.click(button);
    jest.setSystemTime(2_100);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('a double click on a submit button submits the form once', () => {
    jest.useFakeTimers({ now: 5_000 });
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Send</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(button);
    jest.setSystemTime(5_100);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('lets a quick second submit through when the person changed a field in between', () => {
    jest.useFakeTimers({ now: 9_000 });
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <label>
          Code <input name="code" />
        </label>
        <Button type="submit">Confirm</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(button);
    jest.setSystemTime(9_100);
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '123456' } });
    jest.setSystemTime(9_200);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('while loading keeps its name, is busy, and takes no press (submit included)', async () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Pay now
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Pay now' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('hv-button--loading');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
