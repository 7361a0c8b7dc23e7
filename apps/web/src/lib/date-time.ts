import dayjs from 'dayjs';
import { formatDateTime } from '@attend/shared';

/** The viewer's IANA time zone (every date on screen is shown in it). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** 'MMM dd, yyyy, h:mm a' (document 2 §9) in the viewer's time zone, e.g. 'Jan 05, 2025, 9:05 AM'. */
export function formatDisplayDateTime(value: Date | string): string {
  return formatDateTime(value, viewerTimeZone());
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** A day heading such as 'Monday, January 1, 2024' (document 1 §2), in the viewer's time zone. */
export function formatDayHeading(value: Date | string): string {
  return dayFormat.format(new Date(value));
}

/** A time of day such as '9:05 AM'. */
export function formatTimeOfDay(value: Date | string): string {
  return timeFormat.format(new Date(value));
}

/** 'Jan 05, 2025' for one day, 'Jan 05 – 06, 2025' for a range (Intl collapses the shared parts). */
export function formatDateRange(start: Date | string, end: Date | string): string {
  return dateFormat.formatRange(new Date(start), new Date(end));
}

/** The local calendar day of a moment ('2025-01-05'), used to group by day. */
export function localDayKey(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DD');
}

/** The start time at minute precision (document 2 §9: the session time slot key). */
export function localMinuteKey(value: Date | string): string {
  return dayjs(value).format('YYYY-MM-DDTHH:mm');
}

/** An ISO date-time as the value of an `<input type="datetime-local">` ('2025-01-05T09:05'). */
export function toDateTimeInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DDTHH:mm') : '';
}

/** A `datetime-local` value (the viewer's wall-clock time) as an ISO instant; '' when blank or unreadable. */
export function fromDateTimeInput(value: string): string {
  if (!value.trim()) return '';
  const d = dayjs(value);
  return d.isValid() ? d.toISOString() : '';
}
