// Demo world of the patient's home: care tool steps, tools the patient's providers assigned,
// experts' talks and videos (one published with a link that yields no video id, product rules, Validation), and guided
// tours marked seen for every demo account but the new patient (so a demo or a test of another page
// never meets a tour it did not ask for; newpatient@haven.test and fresh sign-ups get every tour once).
import type { ToolField } from '@haven/rules';
import type { Queryable } from '../db/index.js';

const STEPS: Record<string, string[]> = {
  'box-breathing': [
    'Sit upright and breathe out fully.',
    'Breathe in through your nose for four counts.',
    'Hold for four counts.',
    'Breathe out for four counts, then hold for four. Repeat four times.',
  ],
  'body-scan': [
    'Lie or sit comfortably and close your eyes.',
    'Bring your attention to your feet, then slowly upward.',
    'Notice each sensation without trying to change it.',
    'Finish with three slow breaths.',
  ],
  'thought-record': [
    'Write down the situation and the thought that came up.',
    'Name the feeling and rate it from 0 to 100.',
    'List the evidence for and against the thought.',
    'Write a more balanced thought and rate the feeling again.',
  ],
  'sleep-wind-down': [
    'Dim the lights and put your phone away an hour before bed.',
    "Write tomorrow's to-do list so it leaves your head.",
    'Do ten minutes of gentle stretching or reading.',
    'Go to bed at the same time as yesterday.',
  ],
};

// What the two writing tools ask for (care_tools.input_fields); the others ask nothing.
const INPUT_FIELDS: Record<string, ToolField[]> = {
  'thought-record': [
    { name: 'situation', label: 'Situation', kind: 'text' },
    { name: 'thought', label: 'The thought that came up', kind: 'text' },
    { name: 'feeling', label: 'The feeling', kind: 'text' },
    { name: 'feeling_before', label: 'How strong the feeling was (0 to 100)', kind: 'rating' },
    { name: 'evidence_for', label: 'Evidence for the thought', kind: 'text', optional: true },
    { name: 'evidence_against', label: 'Evidence against the thought', kind: 'text', optional: true },
    { name: 'balanced_thought', label: 'A more balanced thought', kind: 'text' },
    { name: 'feeling_after', label: 'How strong the feeling is now (0 to 100)', kind: 'rating' },
  ],
  'sleep-wind-down': [
    { name: 'todo', label: "Tomorrow's to-do list", kind: 'text' },
    { name: 'bedtime', label: "Tonight's bedtime", kind: 'text', optional: true },
  ],
};

const EXPERTS = [
  [
    'talk',
    'Understanding anxiety: why the alarm goes off',
    'Dr. Vikram Iyer',
    'Psychiatrist',
    "How the body's alarm system works and what calms it.",
    'https://www.youtube.com/watch?v=WWloIAQpMcQ',
    18,
    30,
  ],
  [
    'talk',
    'Grief does not follow stages',
    'Ananya Rao',
    'Therapist',
    'What grief really looks like, and how to be with it.',
    'https://youtu.be/gsYL4PC0hyk',
    22,
    20,
  ],
  [
    'video',
    'A five-minute grounding exercise',
    'Ananya Rao',
    'Therapist',
    'Follow along when your thoughts race.',
    'https://www.youtube.com/embed/30VMIEmA114',
    5,
    10,
  ],
  [
    'video',
    'Sleep basics in three minutes',
    'Dr. Meera Das',
    'Psychiatrist',
    'Three habits that help you fall asleep.',
    'https://www.youtube.com/watch?v=sleep-basics',
    3,
    5,
  ],
] as const;

export async function seedDashboard(q: Queryable) {
  for (const [slug, steps] of Object.entries(STEPS))
    await q.query(`UPDATE care_tools SET steps = $2 WHERE slug = $1`, [slug, JSON.stringify(steps)]);
  for (const [slug, fields] of Object.entries(INPUT_FIELDS))
    await q.query(`UPDATE care_tools SET input_fields = $2 WHERE slug = $1`, [slug, JSON.stringify(fields)]);
  const assign = async (email: string, tool: string, provider: string, note: string, daysAgo: number) =>
    q.query(
      `INSERT INTO care_tool_assignments (user_id, care_tool_id, provider_id, note, assigned_at)
     SELECT u.id, t.id, p.id, $4, now() - make_interval(days => $5) FROM users u, care_tools t, providers p WHERE u.email = $1 AND t.slug = $2 AND p.firstname = $3`,
      [email, tool, provider, note, daysAgo],
    );
  await assign('patient@haven.test', 'box-breathing', 'Ananya', 'Before meetings that worry you.', 7);
  await assign('patient@haven.test', 'thought-record', 'Ananya', 'Once a day this week.', 2);
  await assign('intl@haven.test', 'sleep-wind-down', 'Sara', 'Every evening.', 3);
  for (const [kind, title, name, role, description, url, minutes, daysAgo] of EXPERTS) {
    await q.query(
      `INSERT INTO expert_content (kind, title, expert_name, expert_role, description, video_url, duration_minutes, published_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8))`,
      [kind, title, name, role, description, url, minutes, daysAgo],
    );
  }
  await q.query(`INSERT INTO user_configs (user_id, config_key, status)
    SELECT u.id, s || '_tour', false FROM users u, unnest(ARRAY['dashboard', 'experts', 'care_tools', 'journey', 'journal']) AS s
    WHERE u.email IS DISTINCT FROM 'newpatient@haven.test'`);
}
