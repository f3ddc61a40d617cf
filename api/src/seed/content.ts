// The content library's demo items (called once from seed()): a few of each kind, written for people who
// use the service, with no outside links or media so the library reads the same offline. Webinars are
// dated from the day the database is seeded; one has already taken place.
import type { Queryable } from '../db/index.js';
import type { ContentStep, ContentSummary } from '../content/index.js';

interface Item extends Pick<ContentSummary, 'kind' | 'slug' | 'title' | 'summary' | 'topic' | 'author' | 'minutes'> {
  body: string[];
  steps?: ContentStep[];
  /** Days before the seed for what was published; for a webinar, days from the seed to its start (negative: past). */
  days: number;
  seats?: number;
}

const SAFETY =
  'If you feel you might act on thoughts of harming yourself, contact your local emergency number or go to the nearest emergency department now.';

const ITEMS: Item[] = [
  {
    kind: 'blogs',
    slug: 'when-worry-will-not-switch-off',
    title: 'When worry will not switch off',
    summary: 'Why an anxious mind keeps scanning for danger, and three small habits that turn the volume down.',
    topic: 'anxiety',
    author: 'Ananya Rao, counselling psychologist',
    minutes: 6,
    days: 3,
    body: [
      'Worry is the mind trying to protect you. It rehearses what could go wrong so that you are ready for it. The trouble starts when the rehearsal never ends: you solve one problem and the mind finds the next, and by evening you are tired without having done anything.',
      'The first habit is to give worry an appointment. Choose fifteen minutes at the same time each day, ideally not just before bed. When a worry arrives outside that time, write it down in a word or two and tell yourself you will come back to it. Most people find that by the appointment, half of the list no longer feels urgent.',
      'The second habit is to sort worries into two piles: the ones you can act on and the ones you cannot. For the first pile, write the smallest next step, such as sending one e-mail or making one call. For the second pile, practise noticing the thought, naming it ("this is the what-if about my health again") and returning to what you were doing.',
      'The third habit is to look after the body the mind lives in. Caffeine, late nights and skipped meals all make the alarm system more sensitive. A ten-minute walk, a regular bedtime and a glass of water are not a cure, but they lower the floor that anxiety starts from.',
      'If worry is stopping you from working, sleeping or seeing people for more than a couple of weeks, it is worth talking to a therapist. Anxiety responds well to treatment, and you do not need to wait until it is unbearable to ask for help.',
    ],
  },
  {
    kind: 'blogs',
    slug: 'sleep-after-a-hard-day',
    title: 'Sleep after a hard day',
    summary: 'A racing mind at bedtime is common. Here is a wind-down routine that gives sleep a better chance.',
    topic: 'sleep',
    author: 'Rahul Mehta, therapist',
    minutes: 5,
    days: 10,
    body: [
      'After a difficult day, the body is often still on alert when you lie down. The heart is a little faster, the thoughts keep replaying conversations, and the harder you try to sleep the more awake you feel.',
      'Start winding down an hour before bed. Dim the lights, put the phone on charge outside reach, and do something slow with your hands: washing up, stretching, or writing tomorrow\u2019s to-do list so it is out of your head and on paper.',
      'If you are still awake after what feels like twenty minutes, get up and sit somewhere quiet in low light until you feel sleepy, then go back. This teaches the body that bed is for sleeping, not for lying awake and thinking.',
      'Keep the same waking time every day, even after a bad night. It is the most reliable way to reset the body clock. Poor sleep that lasts more than a month, or that comes with low mood, is worth mentioning to your therapist or doctor.',
    ],
  },
  {
    kind: 'blogs',
    slug: 'talking-to-your-partner-about-therapy',
    title: 'Talking to your partner about starting therapy',
    summary: 'How to share that you have started therapy, what to say, and what you can keep to yourself.',
    topic: 'relationships',
    author: 'Sara Collins, couples therapist',
    minutes: 4,
    days: 21,
    body: [
      'Starting therapy is a personal decision, and you choose how much to share. Some people tell their partner straight away; others wait until they feel settled with their therapist. Both are fine.',
      'If you want to tell them, pick a calm moment rather than the middle of an argument. A simple sentence works: "I have started seeing someone to help me with stress. It is something I am doing for me."',
      'Your partner may have questions, or may worry that therapy means something is wrong with the relationship. You can reassure them without sharing what you talk about. What you say in sessions is yours.',
      'If you find that much of what you bring to therapy is about the relationship, couples sessions are an option you can explore together later.',
    ],
  },
  {
    kind: 'videos',
    slug: 'four-minute-box-breathing',
    title: 'Four-minute box breathing',
    summary: 'A guided breathing practice to steady your body when you feel tense or on edge.',
    topic: 'anxiety',
    author: 'Ananya Rao',
    minutes: 4,
    days: 5,
    body: [
      'Find a comfortable seat with both feet on the floor. Let your shoulders drop.',
      'Breathe in through your nose for a count of four. Hold gently for four. Breathe out through your mouth for four. Hold for four. That is one box.',
      'Keep going at your own pace. If four counts feel too long, use three. If your mind wanders, notice where it went and come back to the count.',
      'After a few rounds, let your breathing return to normal and notice how your body feels now compared to when you started.',
    ],
  },
  {
    kind: 'videos',
    slug: 'what-happens-in-a-first-session',
    title: 'What happens in a first therapy session',
    summary: 'A therapist walks through the first session: the questions, the pace, and what you can ask.',
    topic: 'getting-started',
    author: 'Rahul Mehta',
    minutes: 7,
    days: 14,
    body: [
      'Many people feel nervous before their first session because they do not know what to expect. The first session is mostly about getting to know each other.',
      'Your therapist will ask what brings you here, how things have been lately, and a little about your background. You can share as much or as little as you like, and you can say "I am not ready to talk about that yet".',
      'You can ask questions too: how your therapist works, how often you might meet, and what progress could look like. A good fit matters, and it is fine to change therapist if it does not feel right.',
    ],
  },
  {
    kind: 'webinars',
    slug: 'managing-exam-stress',
    title: 'Managing exam stress: a live session for students and parents',
    summary: 'Practical ways to plan revision, sleep well and cope with nerves on the day, with time for questions.',
    topic: 'stress',
    author: 'Ananya Rao and Rahul Mehta',
    minutes: 60,
    days: 9,
    seats: 100,
    body: [
      'Exams bring pressure for students and for the families around them. In this live session two of our therapists share what helps: planning revision in short blocks, protecting sleep, and what to do when panic rises in the exam hall.',
      'Parents will hear how to support without adding pressure, and how to notice when stress is turning into something that needs more help.',
      'The session is held online. You can stay anonymous and ask questions in the chat.',
    ],
  },
  {
    kind: 'webinars',
    slug: 'burnout-at-work',
    title: 'Burnout at work: noticing it early',
    summary: 'What burnout looks like before it becomes a crisis, and how to talk to your manager about workload.',
    topic: 'work',
    author: 'Sara Collins',
    minutes: 45,
    days: 16,
    body: [
      'Burnout rarely arrives all at once. It starts with tiredness that a weekend no longer fixes, a growing cynicism about work, and a feeling that nothing you do makes a difference.',
      'This webinar covers the early signs, the difference between stress and burnout, and practical scripts for a conversation with your manager about workload and boundaries.',
    ],
  },
  {
    kind: 'webinars',
    slug: 'grief-in-the-first-year',
    title: 'Grief in the first year',
    summary: 'A gentle conversation about the first year after a loss: anniversaries, guilt and asking for support.',
    topic: 'grief',
    author: 'Rahul Mehta',
    minutes: 50,
    days: -12,
    body: [
      'Grief does not follow neat stages. In this session we talked about the first year after a loss, the days that come back every year, and how friends can help.',
      'This webinar has already taken place.',
    ],
  },
  {
    kind: 'resources',
    slug: 'daily-mood-tracker',
    title: 'Daily mood tracker',
    summary: 'A simple way to notice patterns in your mood, sleep and energy across a week.',
    topic: 'depression',
    author: 'Haven care team',
    minutes: 3,
    days: 7,
    body: [
      'Each evening, rate your mood from 0 (very low) to 10 (very good), and note how many hours you slept and one thing you did that day.',
      'After a week, look for patterns. Mood often follows sleep, movement and time with other people more closely than we expect.',
      'Bring your tracker to your next session. It gives you and your therapist something concrete to look at together.',
    ],
  },
  {
    kind: 'resources',
    slug: 'questions-to-ask-a-new-therapist',
    title: 'Questions to ask a new therapist',
    summary: 'A short list of questions that help you decide whether a therapist is right for you.',
    topic: 'getting-started',
    author: 'Haven care team',
    minutes: 2,
    days: 30,
    body: [
      'What kind of therapy do you practise, and how does it usually help with what I am facing?',
      'How often would we meet, and for how long do people usually come?',
      'What happens if I need to cancel or reschedule?',
      'How will we know if therapy is helping?',
    ],
  },
  {
    kind: 'resources',
    slug: 'helping-a-friend-who-is-struggling',
    title: 'Helping a friend who is struggling',
    summary: 'What to say, what to avoid, and when to encourage professional help.',
    topic: 'relationships',
    author: 'Haven care team',
    minutes: 4,
    days: 12,
    body: [
      'Listening matters more than having the right answer. Try "That sounds really hard. Do you want to tell me more?" rather than jumping to advice.',
      'Avoid comparing their experience with your own or telling them to look on the bright side. Let them set the pace.',
      'If they mention thoughts of ending their life, take it seriously, ask directly whether they are safe, and help them contact emergency services or a crisis line.',
    ],
  },
  {
    kind: 'spotlight',
    slug: 'meera-finding-her-footing',
    title: 'Meera: finding my footing after a move',
    summary: 'A new city, a new job and no friends nearby. Meera shares what helped her through the first lonely year.',
    topic: 'loneliness',
    author: 'Meera, Haven member (name changed)',
    minutes: 5,
    days: 4,
    body: [
      '"I moved for a job I had wanted for years, and within three months I was crying in the office bathroom. I did not know anyone, and I felt silly for being unhappy when I had what I wanted."',
      '"My therapist helped me see that loneliness is not a personal failure. We made a plan: one small social thing a week, even if it was just chatting with a neighbour."',
      '"A year later I have a running group and two close friends. I still have lonely evenings, but now I know what to do with them."',
    ],
  },
  {
    kind: 'spotlight',
    slug: 'dr-vikram-on-medication-myths',
    title: 'Dr Vikram Iyer on medication myths',
    summary: 'A psychiatrist answers the questions people are often too embarrassed to ask about medication.',
    topic: 'depression',
    author: 'Dr Vikram Iyer, psychiatrist',
    minutes: 6,
    days: 18,
    body: [
      '"The most common worry I hear is that medication will change who you are. The aim is the opposite: to help you feel more like yourself again."',
      '"Antidepressants are not addictive in the way people fear, but they should be stopped gradually and with your doctor, never suddenly."',
      '"Medication works best alongside therapy, sleep, movement and support. It is one tool among several, and the decision is always yours."',
    ],
  },
  {
    kind: 'support_kits',
    slug: 'panic-attack',
    title: 'When a panic attack comes',
    summary: 'Steps to get through a panic attack, to keep on your phone or print and carry with you.',
    topic: 'anxiety',
    author: 'Haven care team',
    minutes: 5,
    days: 2,
    body: [
      'A panic attack is frightening but it is not dangerous, and it will pass, usually within ten minutes. These steps help your body come down from the alarm.',
      SAFETY,
    ],
    steps: [
      { title: 'Name it', detail: 'Say to yourself: "This is panic. It feels awful, but it will pass and it cannot hurt me."' },
      {
        title: 'Slow your breath out',
        detail: 'Breathe in for four counts and out for six. The longer breath out tells your body it is safe.',
      },
      {
        title: 'Ground yourself',
        detail: 'Find five things you can see, four you can touch, three you can hear, two you can smell and one you can taste.',
      },
      { title: 'Let it peak', detail: 'Do not fight the feelings. Notice them rise, peak and start to fall, like a wave.' },
      { title: 'Be kind afterwards', detail: 'Drink some water, rest if you can, and tell someone you trust what happened.' },
    ],
  },
  {
    kind: 'support_kits',
    slug: 'grief',
    title: 'Getting through the early days of grief',
    summary: 'Gentle steps for the first weeks after a loss, for you or for someone you care about.',
    topic: 'grief',
    author: 'Haven care team',
    minutes: 6,
    days: 8,
    body: [
      'There is no right way to grieve. These steps are not a checklist, only reminders for days when everything feels heavy.',
      SAFETY,
    ],
    steps: [
      { title: 'Look after the basics', detail: 'Eat something, drink water and rest, even if you do not feel like it. Grief is tiring.' },
      { title: 'Let people help', detail: 'When someone offers, give them a specific task: a meal, a school run, a phone call to make.' },
      { title: 'Make room for the feelings', detail: 'Sadness, anger, guilt and relief can all be part of grief. None of them is wrong.' },
      {
        title: 'Plan for hard days',
        detail: 'Birthdays and anniversaries can bring grief back. Decide in advance who you will be with or what you will do.',
      },
      {
        title: 'Ask for more support',
        detail: 'If after some months you cannot manage daily life, a grief counsellor or therapist can help you carry it.',
      },
    ],
  },
  {
    kind: 'support_kits',
    slug: 'exam-stress',
    title: 'Exam stress kit',
    summary: 'A revision plan, a sleep routine and what to do if your mind goes blank in the exam hall.',
    topic: 'stress',
    author: 'Haven care team',
    minutes: 4,
    days: 6,
    body: ['Some nerves before an exam are normal and can even help you focus. These steps keep them at a level that helps.', SAFETY],
    steps: [
      { title: 'Plan in short blocks', detail: 'Revise for 25 to 40 minutes, then take a five-minute break away from the screen.' },
      {
        title: 'Protect your sleep',
        detail: 'Sleep fixes memories. A full night before an exam is worth more than a late night of cramming.',
      },
      { title: 'Eat and move', detail: 'Regular meals and a short walk each day keep your energy and concentration steady.' },
      {
        title: 'If your mind goes blank',
        detail: 'Put the pen down, breathe out slowly three times, then move to a question you can answer and come back later.',
      },
      { title: 'After each exam', detail: 'Avoid going over every answer with friends. It is done; turn your attention to the next one.' },
    ],
  },
];

export async function seedContent(q: Queryable): Promise<void> {
  for (const i of ITEMS) {
    const webinar = i.kind === 'webinars';
    await q.query(
      `INSERT INTO content_items (kind, slug, title, summary, topic, author, minutes, body, steps, starts_at, seats, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb,
               CASE WHEN $10 THEN date_trunc('day', now()) + make_interval(days => $11::int, hours => 13, mins => 30) END,
               $12,
               CASE WHEN $10 THEN now() - interval '30 days' ELSE now() - make_interval(days => $11::int) END)`,
      [
        i.kind,
        i.slug,
        i.title,
        i.summary,
        i.topic,
        i.author,
        i.minutes,
        JSON.stringify(i.body),
        JSON.stringify(i.steps ?? []),
        webinar,
        i.days,
        i.seats ?? null,
      ],
    );
  }
}
