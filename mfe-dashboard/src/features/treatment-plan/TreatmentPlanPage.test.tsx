import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, installApiTestKit, json, server } from '../../test/api-test-kit';
import { reviewDateLabel, TreatmentPlanPage } from './TreatmentPlanPage';

installApiTestKit();
jest.setTimeout(30_000);

const PLAN = {
  uuid: '6f1c2c57-1c55-4d3a-9d5e-2f1d51c2f001',
  title: 'Managing work anxiety and sleep',
  summary: 'We agreed to focus on the worry that builds before meetings.',
  status: 'active',
  goals: [{ title: 'Speak up at least once in the weekly team meeting', measure: 'Four of the next six meetings' }],
  interventions: ['Cognitive restructuring with weekly thought records', 'Box breathing before meetings'],
  review_date: '2027-01-08',
  provider: { uuid: 'p-1', firstname: 'Ananya', lastname: 'Rao' },
  created_at: '2026-11-20T05:30:00.000Z',
  updated_at: '2026-11-20T05:30:00.000Z',
};

test('a shared plan shows its provider, review date, goals with how they are measured, and how they will work', async () => {
  server.use(http.get(`${API}/customers/treatment_plans`, () => json({ data: [PLAN] })));
  render(<TreatmentPlanPage />);
  const plan = await screen.findByRole('region', { name: PLAN.title });
  expect(plan).toHaveTextContent('With Ananya Rao · Active · Review on 8 January 2027');
  const goals = within(plan).getByRole('list', { name: 'Goals' });
  expect(goals).toHaveTextContent('Speak up at least once in the weekly team meeting');
  expect(goals).toHaveTextContent('How we will know: Four of the next six meetings');
  expect(within(plan).getByRole('list', { name: 'How we will work on them' }).children).toHaveLength(2);
});

test('no plan yet: said in words, not an empty page', async () => {
  server.use(http.get(`${API}/customers/treatment_plans`, () => json({ data: [] })));
  render(<TreatmentPlanPage />);
  expect(await screen.findByText(/has not shared a treatment plan with you yet/)).toBeInTheDocument();
});

test('a failed read says so and offers to try again', async () => {
  server.use(http.get(`${API}/customers/treatment_plans`, () => new HttpResponse(null, { status: 500 })));
  render(<TreatmentPlanPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Your treatment plan could not be loaded.');
});

test.each([
  ['2027-01-08', '8 January 2027'],
  ['2026-12-31', '31 December 2026'],
])('the review date %s reads %s in every zone', (date, label) => {
  expect(reviewDateLabel(date)).toBe(label);
});
