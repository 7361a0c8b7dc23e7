import { zoneSuffix } from '../../../lib/date-time';
import { appLocale } from '../../../lib/locale';

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
  const day = new Intl.DateTimeFormat(appLocale(), { dateStyle: 'full', timeZone });
  const time = new Intl.DateTimeFormat(appLocale(), { timeStyle: 'short', timeZone });
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
  return new Date(iso).toLocaleDateString(appLocale(), { timeZone });
}
