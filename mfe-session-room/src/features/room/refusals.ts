// Why the room cannot open, in words, and where to go (never a blank room).
import type { RefusalCode } from './enter-room';

export interface Refusal {
  heading: string;
  text: string;
}

export function refusalFor(code: RefusalCode, who: 'patient' | 'provider'): Refusal {
  switch (code) {
    case 'link_damaged':
      return {
        heading: 'This session link is incomplete',
        text:
          who === 'provider'
            ? 'Part of the link is missing or was changed. Open the room link for this session again.'
            : 'Part of the link is missing or was changed. Open the session again from your session list.',
      };
    case 'room_link_invalid':
      return who === 'provider'
        ? {
            heading: 'This room link no longer works',
            text: 'It has expired or a newer link was issued for this session. Use the latest room link you were sent.',
          }
        : {
            heading: 'This session link has expired',
            text: 'For your privacy, session links stop working after a while. Open the session again from your session list.',
          };
    case 'room_not_yours':
      return {
        heading: 'This session is not in your account',
        text: 'You are signed in as someone who is not part of this session. Open your own sessions from your session list.',
      };
    case 'session_cancelled':
      return { heading: 'This session was cancelled', text: 'It can no longer be joined. You can book a new session from your dashboard.' };
    case 'session_not_open':
      return {
        heading: 'Your session has not started yet',
        text: 'The room opens 10 minutes before the start time. Please come back then.',
      };
    case 'session_ended':
      return {
        heading: 'This session has ended',
        text: 'The time booked for it is over. You can book your next session from your dashboard.',
      };
    case 'session_offline':
      return {
        heading: 'This session is at the clinic',
        text: 'It takes place in person, so there is no video room for it. Your session list has the address.',
      };
    case 'unavailable':
      return { heading: 'We could not open the room', text: 'Our servers could not be reached. Check your connection and try again.' };
  }
}
