// The care module's own rules: the severity bands of a score (PHQ-9 has five, the others four) and
// the scoring of complete answers (a 400 names what is missing, not an option, or unknown).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../src/core/http.js';
import { milestones, scoreAnswers, severityOf, type AssessmentQuestion } from '../src/care/index.js';

describe('severityOf', () => {
  const cases: Array<[string, number, string]> = [
    ['phq-9', 0, 'minimal'],
    ['phq-9', 4, 'minimal'],
    ['phq-9', 5, 'mild'],
    ['phq-9', 14, 'moderate'],
    ['phq-9', 15, 'moderately severe'],
    ['phq-9', 19, 'moderately severe'],
    ['phq-9', 20, 'severe'],
    ['phq-9', 27, 'severe'],
    ['phq-9', 40, 'severe'],
    ['gad-7', 4, 'minimal'],
    ['gad-7', 9, 'mild'],
    ['gad-7', 10, 'moderate'],
    ['gad-7', 15, 'severe'],
    ['gad-7', 21, 'severe'],
  ];
  for (const [slug, score, band] of cases) test(`${slug} ${score}: ${band}`, () => assert.equal(severityOf(slug, score), band));
});

describe('scoreAnswers', () => {
  const opts = [0, 1, 2, 3].map((value) => ({ label: String(value), value }));
  const qs: AssessmentQuestion[] = [
    { id: 'q1', text: 'one', options: opts },
    { id: 'q2', text: 'two', options: opts },
  ];
  test('the sum of the answers', () =>
    assert.equal(
      scoreAnswers(qs, [
        { question_id: 'q2', value: 3 },
        { question_id: 'q1', value: 2 },
      ]),
      5,
    ));
  const refused: Array<[string, { question_id: string; value: number }[], string]> = [
    ['a question unanswered', [{ question_id: 'q1', value: 1 }], 'body/answers is missing question q2'],
    [
      'a value that is not an option',
      [
        { question_id: 'q1', value: 1 },
        { question_id: 'q2', value: 9 },
      ],
      'body/answers value 9 is not an option of question q2',
    ],
    [
      'an unknown question',
      [
        { question_id: 'q1', value: 1 },
        { question_id: 'q2', value: 1 },
        { question_id: 'q3', value: 1 },
      ],
      'body/answers names unknown question q3',
    ],
  ];
  for (const [name, answers, message] of refused) {
    test(`refused: ${name}`, () =>
      assert.throws(
        () => scoreAnswers(qs, answers),
        (e: unknown) => e instanceof HttpError && e.statusCode === 400 && e.message === message,
      ));
  }
});

describe('milestones (the journey)', () => {
  const d = (s: string) => new Date(s);
  const doctor = { firstname: 'Asha', lastname: 'Rao' };
  test('joining first, then what was done oldest first, the next session last', () => {
    const out = milestones({
      joined: d('2026-03-01T00:00:00Z'),
      sessions: [
        { ...doctor, start_time: d('2026-01-10T09:00:00Z') },
        { ...doctor, start_time: d('2026-02-10T09:00:00Z') },
      ],
      assessments: [{ created_at: d('2026-01-20T00:00:00Z'), title: 'PHQ-9', severity: 'mild' }],
      firstJournal: d('2026-01-05T00:00:00Z'),
      next: { ...doctor, start_time: d('2026-04-01T09:00:00Z') },
    });
    assert.deepEqual(
      out.map((m) => [m.kind, m.title]),
      [
        ['joined', 'You joined Haven'],
        ['journal', 'Your first journal entry'],
        ['session_completed', 'Session 1 with Asha Rao'],
        ['assessment', 'PHQ-9: mild'],
        ['session_completed', 'Session 2 with Asha Rao'],
        ['next_session', 'Next: a session with Asha Rao'],
      ],
    );
  });
  test('nothing done yet and no account row: no milestones', () => assert.deepEqual(milestones({ sessions: [], assessments: [] }), []));
});
