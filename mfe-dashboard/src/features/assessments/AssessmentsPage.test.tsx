import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { havenStore } from '@haven/shared';
import { HELPLINES, telHref } from '@haven/shared/crisis';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { AssessmentPage } from './AssessmentsPage';

installApiTestKit();
jest.setTimeout(30_000);

const OPTIONS = [
  { label: 'Not at all', value: 0 },
  { label: 'Several days', value: 1 },
  { label: 'More than half the days', value: 2 },
  { label: 'Nearly every day', value: 3 },
];
const ITEMS = [
  'Little interest or pleasure in doing things',
  'Feeling down, depressed, or hopeless',
  'Trouble falling or staying asleep, or sleeping too much',
  'Feeling tired or having little energy',
  'Poor appetite or overeating',
  'Feeling bad about yourself',
  'Trouble concentrating on things',
  'Moving or speaking slowly, or being fidgety or restless',
  'Thoughts that you would be better off dead or of hurting yourself',
];
const PHQ9 = {
  slug: 'phq-9',
  title: 'Depression check (PHQ-9)',
  assessment_type: 'psychiatry',
  description: 'Over the last two weeks…',
  latest_result: null,
  questions: ITEMS.map((text, i) => ({ id: `q${i + 1}`, text, options: OPTIONS })),
};
const FLAG = { slug: 'phq-9', question_id: 'q9', value: 3, reason: 'PHQ-9 item 9: thoughts of being better off dead or of self-harm' };
let posted: unknown = null;

function located(country: string) {
  havenStore.getState().userLocationDetails.update({
    location: { country, timezone: 'Europe/London', display_timezone: null, is_blacklisted_country: false, timezone_abbreviation: null },
  });
}

beforeEach(() => {
  posted = null;
  located('GB');
  server.use(
    http.get(`${API}/assessments/phq-9`, () => json({ data: PHQ9 })),
    http.get(`${API}/customers/user_location`, () =>
      json({
        location: {
          country: 'GB',
          timezone: 'Europe/London',
          display_timezone: '(GMT+00:00) Europe/London - GMT',
          is_blacklisted_country: false,
          is_international: true,
        },
      }),
    ),
    http.get(`${API}/customers/initial_assessments`, () => json({ data: { answered_types: ['psychiatry'] } })),
    http.post(`${API}/assessments/phq-9/responses`, async ({ request }) => {
      posted = await request.json();
      const item9 = (posted as { answers: { question_id: string; value: number }[] }).answers.find((a) => a.question_id === 'q9')!.value;
      return json({ data: { id: 1, score: item9, severity: 'minimal', risk_flags: item9 > 0 ? [{ ...FLAG, value: item9 }] : [] } }, 201);
    }),
  );
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/assessments/phq-9']}>
      <Routes>
        <Route path="/assessments/:slug" element={<AssessmentPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function answer(item9: string) {
  for (const [i, text] of ITEMS.entries()) {
    const group = await screen.findByRole('group', { name: `${i + 1}. ${text}` }, { timeout: 10_000 }); // the first render of a cold run is slow
    await userEvent.click(within(group).getByLabelText(i === 8 ? item9 : 'Not at all'));
  }
}

/** Whether `a` comes before `b` in the document. */
const before = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

test('item 9 "Nearly every day": crisis help with the person\'s country\'s lines as soon as it is answered, then before the score, never "at your next session"', async () => {
  renderPage();
  await answer('Nearly every day');
  // Before the form is sent: the person may never send it.
  const live = screen.getByRole('alert', { name: 'Please reach out for help now' });
  expect(within(live).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('United Kingdom');
  expect(within(live).getAllByRole('link', { name: 'Samaritans 116 123' })[0]).toHaveAttribute('href', 'tel:116123');
  expect(within(live).getByRole('link', { name: 'Emergency 999' })).toHaveAttribute('href', 'tel:999');
  // It comes into view and takes focus: on a phone the answer that raised it may be at the screen's end.
  expect(within(live).getByRole('heading', { name: 'Please reach out for help now' })).toHaveFocus();

  await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
  const score = await screen.findByText(
    'Depression check (PHQ-9): score 3 of 27, in the minimal (0-4) range: few or no signs of depression.',
  );
  const help = screen.getByRole('alert', { name: 'Please reach out for help now' });
  expect(before(help, score)).toBe(true);
  expect(within(help).getAllByRole('link', { name: 'Samaritans 116 123' })[0]).toHaveAttribute('href', 'tel:116123');
  expect(help).toHaveTextContent('Your care team can see this answer.');
  // The form and its button are gone: focus is on the crisis help that replaced them, not the page body.
  expect(within(help).getByRole('heading', { name: 'Please reach out for help now' })).toHaveFocus();
  expect(document.body).not.toHaveTextContent(/next session/);
});

// Every country of the helpline table, as the location answer places the person (the api's zone to
// country table: api/test/assessment-risk.test.ts; the browser suite goes from a real device zone to the
// page for India and the United States): that country's lines first, each a tel: link, at once and again
// before the score.
test.each(HELPLINES.map((entry) => [entry.country, entry] as const))(
  'item 9 "Nearly every day" in %s: its helplines first, each one tap to call, as answered and before the score',
  async (_country, entry) => {
    located(entry.code);
    renderPage();
    await answer('Nearly every day');
    const live = screen.getByRole('alert', { name: 'Please reach out for help now' });
    expect(within(live).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent(entry.country);
    for (const line of entry.lines)
      expect(within(live).getAllByRole('link', { name: `${line.name} ${line.number}` })[0]).toHaveAttribute('href', telHref(line.number));

    await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
    const score = await screen.findByText(
      'Depression check (PHQ-9): score 3 of 27, in the minimal (0-4) range: few or no signs of depression.',
    );
    const help = screen.getByRole('alert', { name: 'Please reach out for help now' });
    expect(before(help, score)).toBe(true);
    expect(within(help).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent(entry.country);
    const first = entry.lines[0]!;
    expect(within(help).getAllByRole('link', { name: `${first.name} ${first.number}` })[0]).toHaveAttribute('href', telHref(first.number));
    expect(document.body).not.toHaveTextContent(/next session/);
  },
);

test('item 9 "Several days" is a risk answer too; answering "Not at all" instead takes the crisis help away', async () => {
  renderPage();
  await answer('Several days');
  expect(screen.getByRole('alert', { name: 'Please reach out for help now' })).toBeInTheDocument();
  await userEvent.click(within(screen.getByRole('group', { name: /^9\./ })).getByLabelText('Not at all'));
  expect(screen.queryByRole('alert', { name: 'Please reach out for help now' })).toBeNull();
});

test('no risk answer: where the score sits and its next step; focus on the result; no crisis block', async () => {
  renderPage();
  await answer('Not at all');
  await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
  await screen.findByText('Depression check (PHQ-9): score 0 of 27, in the minimal (0-4) range: few or no signs of depression.');
  expect(screen.getByRole('heading', { name: 'Your result' })).toHaveFocus();
  expect(screen.getByRole('link', { name: 'Explore care tools' })).toHaveAttribute('href', '/care-tools');
  expect(screen.queryByRole('alert', { name: 'Please reach out for help now' })).toBeNull();
  expect(document.body).not.toHaveTextContent(/next session/);
});

/** The answer saved with this score and no risk answer. */
function savedAs(score: number) {
  server.use(http.post(`${API}/assessments/phq-9/responses`, () => json({ data: { id: 2, score, severity: 'x', risk_flags: [] } }, 201)));
}

test('moderate (12): booking is the next step, no helplines', async () => {
  savedAs(12);
  renderPage();
  await answer('Not at all');
  await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
  await screen.findByText(/score 12 of 27, in the moderate \(10-14\) range/);
  expect(screen.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/providers');
  expect(screen.queryByRole('region', { name: 'Please talk to someone today' })).toBeNull();
});

test.each([
  [24, /severe \(20-27\)/],
  [16, /moderately severe \(15-19\)/],
])('%i without item 9: the country helplines and the fastest way to a clinician today, no crisis alert', async (score, range) => {
  savedAs(score);
  renderPage();
  await answer('Not at all');
  await userEvent.click(screen.getByRole('button', { name: 'See my result' }));
  await screen.findByText(range);
  const today = screen.getByRole('region', { name: 'Please talk to someone today' });
  expect(within(today).getByRole('link', { name: 'Talk to a care coordinator today' })).toHaveAttribute(
    'href',
    '/booking/care-coordinator',
  );
  expect(within(today).getByRole('link', { name: 'Book the earliest free session' })).toHaveAttribute('href', '/providers');
  expect(within(today).getAllByRole('link', { name: 'Samaritans 116 123' })[0]).toHaveAttribute('href', 'tel:116123');
  expect(screen.queryByRole('alert', { name: 'Please reach out for help now' })).toBeNull();
  expect(document.body).not.toHaveTextContent(/next session/);
});

test('a later visit opens on the last result: its heading is brought into view and focused', async () => {
  const scrolled = jest.fn();
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = scrolled;
  try {
    server.use(
      http.get(`${API}/assessments/phq-9`, () =>
        json({
          data: { ...PHQ9, latest_result: { score: 3, severity: 'minimal', created_at: '2026-11-20T10:00:00.000Z', risk_flags: [] } },
        }),
      ),
    );
    renderPage();
    const heading = await screen.findByRole('heading', { name: 'Your result' }, { timeout: 10_000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(heading);
    expect(screen.getByRole('button', { name: 'Take it again' })).toBeInTheDocument();
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});

test("a saved risk result shows crisis help first on a later visit; country unknown: India's lines", async () => {
  havenStore.getState().userLocationDetails.update({ location: null });
  server.use(
    http.get(`${API}/assessments/phq-9`, () =>
      json({
        data: { ...PHQ9, latest_result: { score: 5, severity: 'mild', created_at: '2026-11-20T10:00:00.000Z', risk_flags: [FLAG] } },
      }),
    ),
    http.get(`${API}/customers/user_location`, () => json({}, 500)),
  );
  renderPage();
  const score = await screen.findByText('Depression check (PHQ-9): score 5 of 27, in the mild (5-9) range: some signs of depression.');
  const help = screen.getByRole('alert', { name: 'Please reach out for help now' });
  expect(before(help, score)).toBe(true);
  expect(within(help).getByRole('link', { name: 'Tele-MANAS mental health helpline 14416' })).toHaveAttribute('href', 'tel:14416');
  expect(document.body).not.toHaveTextContent(/next session/);
});

test("each answer is a large answer card (the whole card is the radio's label), arrow keys move between answers", async () => {
  renderPage();
  const group = await screen.findByRole('group', { name: `1. ${ITEMS[0]}` }, { timeout: 10_000 });
  const first = within(group).getByRole('radio', { name: 'Not at all' });
  expect(first.closest('.hv-answers__item')?.querySelector('label.hv-answers__card')).toHaveAttribute('for', first.id);
  await userEvent.click(within(group).getByText('Several days'));
  await userEvent.keyboard('{ArrowDown}');
  expect(within(group).getByRole('radio', { name: 'More than half the days' })).toBeChecked();
});
