import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Disclosure } from './Disclosure';

test('closed, it says so (aria-expanded), shows its summary and a chevron, and hides its content; Enter opens it', async () => {
  render(
    <Disclosure label="Language" summary="Any">
      <button type="button">Hindi</button>
    </Disclosure>,
  );
  const button = screen.getByRole('button', { name: /Language/ });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveTextContent('LanguageAny');
  expect(button.querySelector('svg.hv-disclosure__chevron')).not.toBeNull();
  expect(screen.queryByRole('button', { name: 'Hindi' })).toBeNull(); // hidden: not in the tree nor the Tab order
  const panel = document.getElementById(button.getAttribute('aria-controls')!);
  expect(panel).toHaveAttribute('hidden');

  button.focus();
  await userEvent.keyboard('{Enter}');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(button.closest('.hv-disclosure')).toHaveClass('hv-disclosure--open');
  expect(screen.getByRole('button', { name: 'Hindi' })).toBeVisible();

  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('defaultOpen starts open', () => {
  render(
    <Disclosure label="Concern" defaultOpen>
      <p>Anxiety</p>
    </Disclosure>,
  );
  expect(screen.getByRole('button', { name: 'Concern' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText('Anxiety')).toBeVisible();
});
