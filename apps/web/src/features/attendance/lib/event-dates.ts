import { formatter, zoneSuffix } from '../../../lib/date-time';

const plainSpaces = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

/**
 * Dates and times of an event in the app's locale and the event's time zone; the times name the
 * zone when the viewer's clock differs ('9:00 AM – 5:00 PM EAT').
 */
export function eventDates(
  startIso: string,
  endIso: string,
  timeZone: string,
): { dates: string; times: string } {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const day = formatter('event-day', timeZone, { dateStyle: 'full' });
  const time = formatter('event-time', timeZone, { timeStyle: 'short' });
  const sameDay = day.format(start) === day.format(end);
  return {
    dates: sameDay ? day.format(start) : `${day.format(start)} – ${day.format(end)}`,
    times: plainSpaces(`${time.format(start)} – ${time.format(end)}${zoneSuffix(timeZone, end)}`),
  };
}

/**
 * The start date alone, in the viewer's locale format (document 1 §2 QR code page), as the event's
 * time zone counts days.
 */
export function localeDate(iso: string, timeZone: string): string {
  return formatter('locale-date', timeZone, {}).format(new Date(iso));
}
