// A calendar date as the booking's date and time steps and the waitlist write it.

/** 'Thu, 26 Nov' for a calendar date (no zone: the date already is one in the chosen zone). */
export function calendarDay(date: string, long = false): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
