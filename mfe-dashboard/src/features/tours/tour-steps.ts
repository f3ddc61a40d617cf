// What each guided tour (product rules, Dashboard: dashboard, experts, care tools, journey, journal) points at. Each
// step names a [data-tour] mark on its page; a step whose mark is not on the page is left out.
import type { TourSection } from '@haven/shared/dashboard-rules';

export interface TourStep {
  mark: string;
  title: string;
  text: string;
}

// Every tour ends at the help control that replays it.
const HELP_STEP: TourStep = { mark: 'help', title: 'See this again', text: 'Take this tour again at any time from here.' };

export const TOUR_STEPS: Record<TourSection, readonly TourStep[]> = {
  dashboard: [
    {
      mark: 'sessions',
      title: 'Your sessions',
      text: 'Upcoming sessions are here. Join from a few minutes before the start, or reschedule and cancel.',
    },
    { mark: 'nudges', title: 'For you', text: 'Short prompts: rate us, tell your provider how a session went, or reflect on your day.' },
    {
      mark: 'find-care',
      title: 'Find care',
      text: 'Book therapy, psychiatry or couples sessions, online or in a clinic, as your plan offers.',
    },
    { mark: 'more', title: 'Care between sessions', text: 'Care tools, your journal, your journey and talks by experts.' },
    HELP_STEP,
  ],
  care_tools: [
    { mark: 'assigned', title: 'From your provider', text: 'Tools your provider asked you to practise, with their note.' },
    { mark: 'library', title: 'Self-care library', text: 'Exercises for hard days. Open one to follow it step by step.' },
    HELP_STEP,
  ],
  experts: [
    { mark: 'talks', title: 'Talks', text: 'Longer talks by our psychiatrists and therapists.' },
    { mark: 'videos', title: 'Videos', text: 'Short videos you can follow along with.' },
    HELP_STEP,
  ],
  journey: [
    { mark: 'summary', title: 'Your progress', text: 'Sessions completed, assessments taken and journal entries so far.' },
    { mark: 'milestones', title: 'Milestones', text: 'Each step of your care, with your next session last.' },
    HELP_STEP,
  ],
  journal: [
    { mark: 'editor', title: 'Write', text: 'Write about your day. Your draft stays on this device until you save it.' },
    { mark: 'entries', title: 'Your entries', text: 'Read, edit or delete what you wrote. Only you can see your journal.' },
    HELP_STEP,
  ],
};
