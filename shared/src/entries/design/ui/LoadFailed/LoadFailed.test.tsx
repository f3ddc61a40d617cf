import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailed } from './LoadFailed';

it('says what could not be loaded, as an alert, with Try again loading it again', async () => {
  const retry = jest.fn();
  render(<LoadFailed what="Your package" retry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Your package could not be loaded. Try again');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalledTimes(1);
});
