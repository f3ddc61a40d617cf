import { coachmarkingFromSeen, TOUR_SECTIONS } from './guided-tours';

describe('coachmarkingFromSeen (product rules, Dashboard: tours, coachmarking: each tour once per user)', () => {
  it('has the five sections (product rules, Dashboard)', () => {
    expect(TOUR_SECTIONS).toEqual(['dashboard', 'experts', 'care_tools', 'journey', 'journal']);
  });
  it.each([
    [
      'nothing seen: every tour due',
      [],
      { dashboardTour: true, expertsTour: true, careToolsTour: true, journeyTour: true, journalTour: true },
    ],
    [
      'dashboard and journal seen',
      ['dashboard', 'journal'],
      { dashboardTour: false, expertsTour: true, careToolsTour: true, journeyTour: true, journalTour: false },
    ],
    [
      'all seen',
      [...TOUR_SECTIONS],
      { dashboardTour: false, expertsTour: false, careToolsTour: false, journeyTour: false, journalTour: false },
    ],
    [
      'an unknown name changes nothing',
      ['profiles'],
      { dashboardTour: true, expertsTour: true, careToolsTour: true, journeyTour: true, journalTour: true },
    ],
  ])('%s', (_case, seen, expected) => {
    expect(coachmarkingFromSeen(seen)).toEqual(expected);
  });
});
