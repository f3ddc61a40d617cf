import { childrenFirstStep } from './children-first-step';

const s = (status: string, roles: string[]) => ({ status, provider: { roles } });

describe('childrenFirstStep: the intake specialist first, then the clinician', () => {
  it.each([
    ['no sessions', [], 'intake'],
    ['a pending (unpaid) intake', [s('pending', ['cf-intake-specialist'])], 'intake'],
    ['a cancelled intake', [s('cancelled', ['cf-intake-specialist'])], 'intake'],
    ['a confirmed intake', [s('confirmed', ['cf-intake-specialist'])], 'clinician'],
    ['a completed intake', [s('completed', ['cf-intake-specialist'])], 'clinician'],
    ['only a therapist session', [s('confirmed', ['therapist'])], 'intake'],
    ['a clinician session without intake (booked elsewhere)', [s('confirmed', ['cf-clinician', 'therapist'])], 'intake'],
  ])('%s → %s', (_, sessions, step) => {
    expect(childrenFirstStep(sessions)).toBe(step);
  });
});
