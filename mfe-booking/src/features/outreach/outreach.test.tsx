import { http, HttpResponse } from 'msw';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API, installApiTestKit, server } from '../../test/api-test-kit';
import { LeadForm } from './LeadForm';
import { GetInTouchPage } from './LeadPage';
import { NewsletterForm } from './NewsletterForm';
import { NewsletterLinkPage } from './NewsletterLinkPage';
import { leadBody } from './lead-forms';

installApiTestKit();

describe('NewsletterForm', () => {
  it('sends the e-mail and shows the answer: check your inbox', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/newsletter/subscriptions`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { success: true, message: 'Check your inbox: open the link we sent to confirm your subscription.' },
          { status: 202 },
        );
      }),
    );
    render(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText('E-mail'), ' asha@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(sent).toEqual({ email: 'asha@example.com' });
  });

  it('an empty or malformed address is refused before any call, on the field', async () => {
    render(<NewsletterForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/E-mail/), 'asha');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter an e-mail address like name@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('asha');
  });

  it('a rate limit: said, and the typed address stays', async () => {
    server.use(
      http.post(`${API}/newsletter/subscriptions`, () =>
        HttpResponse.json(
          { success: false, message: 'Too many attempts.', errors: ['Too many attempts.'], code: 'rate_limited' },
          {
            status: 429,
            headers: { 'retry-after': '60' },
          },
        ),
      ),
    );
    render(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries');
    expect(screen.getByLabelText('E-mail')).toHaveValue('asha@example.com');
  });
});

describe('LeadForm', () => {
  it('b2b: every field has a label; the body has the kind and the filled fields only', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/leads`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { success: true, message: 'Thank you. We have your message and will reply within two working days.' },
          { status: 201 },
        );
      }),
    );
    render(<LeadForm kind="b2b" />);
    await userEvent.type(screen.getByLabelText('Your name'), 'Meera Shah');
    await userEvent.type(screen.getByLabelText('Work e-mail'), 'meera@acme.example');
    await userEvent.type(screen.getByLabelText('Organisation'), 'Acme');
    await userEvent.selectOptions(screen.getByLabelText('Number of employees'), '201-1000');
    await userEvent.click(screen.getByRole('button', { name: 'Talk to us' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you');
    expect(sent).toEqual({ kind: 'b2b', name: 'Meera Shah', email: 'meera@acme.example', organisation: 'Acme', size: '201-1000' });
  });

  it('missing required fields are named on their fields and nothing is sent', async () => {
    render(<LeadForm kind="b2b" />);
    await userEvent.type(screen.getByLabelText('Your name'), 'Meera');
    await userEvent.click(screen.getByRole('button', { name: 'Talk to us' }));
    expect(await screen.findByText('Enter work e-mail')).toBeInTheDocument();
    expect(screen.getByText('Enter organisation')).toBeInTheDocument();
    expect(screen.getByLabelText('Number of employees')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your name')).toHaveValue('Meera');
  });

  it('a server failure keeps every typed field and says what failed', async () => {
    server.use(http.post(`${API}/leads`, () => HttpResponse.json({ success: false, message: 'boom', errors: ['boom'] }, { status: 500 })));
    render(<LeadForm kind="case_study" />);
    await userEvent.type(screen.getByLabelText('Your name'), 'Lee');
    await userEvent.type(screen.getByLabelText('Work e-mail'), 'lee@beta.example');
    await userEvent.type(screen.getByLabelText('Organisation'), 'Beta');
    await userEvent.type(screen.getByLabelText('Message (optional)'), 'The retail one');
    await userEvent.click(screen.getByRole('button', { name: 'Request the case study' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't send your message");
    expect(screen.getByLabelText('Message (optional)')).toHaveValue('The retail one');
    expect(screen.getByLabelText('Organisation')).toHaveValue('Beta');
  });

  it("cf: the child's age is sent as a number, an age over 17 refused", async () => {
    expect(leadBody({ name: ' A ', email: 'a@b.co', child_age: '9', organisation: '' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      child_age: 9,
    });
    render(<LeadForm kind="cf" />);
    await userEvent.type(screen.getByLabelText("Child's age (optional)"), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Ask us to call' }));
    expect(await screen.findByText('Enter an age from 0 to 17')).toBeInTheDocument();
  });

  it('the shared page picks the form by its address; an unknown one is not found', () => {
    const at = (path: string) =>
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/get-in-touch/:kind" element={<GetInTouchPage />} />
          </Routes>
        </MemoryRouter>,
      );
    const { unmount } = at('/get-in-touch/children-first');
    expect(screen.getByRole('heading', { level: 1, name: 'Children First programme' })).toBeInTheDocument();
    unmount();
    at('/get-in-touch/press');
    expect(screen.queryByRole('button', { name: /Send|Talk/ })).not.toBeInTheDocument();
  });
});

describe('NewsletterLinkPage', () => {
  const visit = (search: string) => window.history.replaceState(null, '', `/newsletter/confirm${search}`);

  it("sends the link's token and confirms", async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/newsletter/subscriptions/confirm`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { status: 'confirmed' } });
      }),
    );
    visit('?newsletter_token=tok-1');
    render(<NewsletterLinkPage action="confirm" />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('your subscription is confirmed'));
    expect(sent).toEqual({ token: 'tok-1' });
    expect(window.location.search).toBe('');
  });

  it('an expired link says how to get a new one', async () => {
    server.use(
      http.post(`${API}/newsletter/subscriptions/unsubscribe`, () =>
        HttpResponse.json(
          { success: false, message: 'This link is not valid or has expired.', errors: ['This link is not valid or has expired.'] },
          { status: 422 },
        ),
      ),
    );
    visit('?newsletter_token=old');
    render(<NewsletterLinkPage action="unsubscribe" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Subscribe again to get a new one');
  });

  it('no token: nothing is sent', async () => {
    visit('');
    render(<NewsletterLinkPage action="confirm" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
  });
});
