import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, server } from '../../../test/api-test-kit';
import { ChildConsentStep } from './ChildConsentStep';

installApiTestKit();
jest.setTimeout(20_000);

function show() {
  const posted: string[] = [];
  server.use(
    http.post(`${API}/customers/:mark`, ({ params }) => {
      posted.push(String(params.mark));
      return HttpResponse.json({ success: true });
    }),
  );
  const onGiven = jest.fn();
  render(<ChildConsentStep name="Kiran" onGiven={onGiven} />);
  return { form: screen.getByRole('form', { name: 'Consent for Kiran' }), posted, onGiven };
}

test("the parent is asked for the child's consents in the child's wording; nothing is sent until both are ticked", async () => {
  const { form, posted, onGiven } = show();
  expect(within(form).getByRole('heading', { level: 2, name: 'Consent for Kiran' })).toBeVisible();
  expect(within(form).queryByText(/18 years or older/)).toBeNull();
  await userEvent.click(within(form).getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy for Kiran' }));
  await userEvent.click(within(form).getByRole('button', { name: 'Give consent and continue' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Please tick both boxes to continue.');
  expect(posted).toEqual([]);

  await userEvent.click(
    within(form).getByRole('checkbox', { name: "I am Kiran's parent or legal guardian and I consent to Kiran's care" }),
  );
  await userEvent.click(within(form).getByRole('button', { name: 'Give consent and continue' }));
  expect(posted).toEqual(['mark_tnc_and_privacy', 'mark_guardian_consent']);
  expect(onGiven).toHaveBeenCalledTimes(1);
});

test('a failure says so and keeps both ticks, so one click tries again', async () => {
  const { form, onGiven } = show();
  server.use(http.post(`${API}/customers/mark_guardian_consent`, () => HttpResponse.json({ message: 'down' }, { status: 500 })));
  for (const box of within(form).getAllByRole('checkbox')) await userEvent.click(box);
  await userEvent.click(within(form).getByRole('button', { name: 'Give consent and continue' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Your consent was not saved.');
  for (const box of within(form).getAllByRole('checkbox')) expect(box).toBeChecked();
  expect(onGiven).not.toHaveBeenCalled();
  expect(within(form).getByRole('button', { name: 'Give consent and continue' })).toBeEnabled();
});
