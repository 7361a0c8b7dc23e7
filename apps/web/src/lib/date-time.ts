import { instantFromWallClock, timeZoneAbbreviation, wallClock, zoneOffsetMinutes } from '@attend/shared';
import { appLocale } from './locale';

/*
 * Every time of an event and its sessions is shown in the event's IANA time zone, wherever the
 * viewer is. The rule for naming the zone: a time carries the zone's short name ('10:00 AM EAT')
 * whenever the viewer's own clock shows a different time at that moment (a different UTC offset),
 * so a staff member in Kigali sees 'EAT' on a Nairobi event and one in Nairobi sees plain times.
 * Forms say which zone their date-time inputs are in, always.
 */

/** The viewer's (browser's) IANA time zone. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * True when the viewer's clock differs from the zone's at that moment, so times must name it. A
 * viewer in the event's own zone costs no offset lookups.
 */
export function zoneDiffersFromViewer(timeZone: string, at: Date | string = new Date()): boolean {
  const viewer = viewerTimeZone();
  return timeZone !== viewer && zoneOffsetMinutes(timeZone, at) !== zoneOffsetMinutes(viewer, at);
}

/** The zone's short name at that moment: 'EAT', 'CAT', 'UTC', else the offset ('GMT+9'). */
export function zoneShortName(timeZone: string, at: Date | string = new Date()): string {
  return timeZoneAbbreviation(timeZone, at, appLocale());
}

/** The zone as a form names it: 'Africa/Nairobi (EAT)', or 'UTC'. */
export function describeTimeZone(timeZone: string, at: Date | string = new Date()): string {
  const short = zoneShortName(timeZone, at);
  return short === timeZone ? timeZone : `${timeZone} (${short})`;
}

/** ' EAT' after a time when the viewer's clock differs from the zone's at that moment, else ''. */
export function zoneSuffix(timeZone: string, at: Date | string): string {
  return zoneDiffersFromViewer(timeZone, at) ? ` ${zoneShortName(timeZone, at)}` : '';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The date formatter of one kind (`kind` names `options`) in the app's locale and a time zone, built
 * once: building one looks up the locale's data, which a slow phone pays for at every render.
 */
export function formatter(kind: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const locale = appLocale();
  const key = `${kind}|${locale}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

// Intl puts narrow and thin no-break spaces around some parts ('10:00 – 11:00 AM'); people read
// them as spaces and copy them as spaces, so they are printed as spaces.
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * 'MMM dd, yyyy, h:mm a' (document 2 §9) in English, e.g. 'Jan 05, 2025, 9:05 AM', in `timeZone`:
 * pass the event's zone for anything of an event (named when the viewer is elsewhere); without it,
 * the viewer's own zone (for times that belong to no event, such as a mailbox).
 */
export function formatDisplayDateTime(value: Date | string, timeZone?: string): string {
  const zone = timeZone ?? viewerTimeZone();
  const text = plainSpaces(formatter('dateTime', zone, DATE_TIME).format(new Date(value)));
  return timeZone ? `${text}${zoneSuffix(timeZone, value)}` : text;
}

/** As formatDisplayDateTime in the event's zone, the zone always named ('Jan 05, 2025, 9:05 AM EAT'). */
export function formatDisplayDateTimeInZone(value: Date | string, timeZone: string): string {
  const text = plainSpaces(formatter('dateTime', timeZone, DATE_TIME).format(new Date(value)));
  return `${text} ${zoneShortName(timeZone, value)}`;
}

/**
 * Both ends of a span for sentences that print '{start} - {end}': each in full, in the event's
 * zone, the zone named once after the end when the viewer is elsewhere.
 */
export function formatDisplayDateTimes(
  start: Date | string,
  end: Date | string,
  timeZone: string,
): { start: string; end: string } {
  return {
    start: plainSpaces(formatter('dateTime', timeZone, DATE_TIME).format(new Date(start))),
    end: formatDisplayDateTime(end, timeZone),
  };
}

/**
 * A span of time in the event's zone: the date once for a same-day span ('Nov 27, 2026, 10:00 –
 * 11:00 AM'), both dates otherwise ('Nov 27, 2026, 10:00 AM – Nov 28, 2026, 11:00 AM'), then the
 * zone's name when the viewer is elsewhere.
 */
export function formatTimeRange(start: Date | string, end: Date | string, timeZone: string): string {
  const from = new Date(start);
  const to = new Date(end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) {
    return `${formatDisplayDateTime(start, timeZone)} – ${formatDisplayDateTime(end, timeZone)}`;
  }
  return `${plainSpaces(formatter('dateTime', timeZone, DATE_TIME).formatRange(from, to))}${zoneSuffix(timeZone, start)}`;
}

/** A day heading such as 'Monday, January 1, 2024' (document 1 §2): the day in the event's zone. */
export function formatDayHeading(value: Date | string, timeZone: string): string {
  return formatter('day', timeZone, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(value));
}

/** A time of day in the event's zone such as '9:05 AM' ('9:05 AM EAT' when the viewer is elsewhere). */
export function formatTimeOfDay(value: Date | string, timeZone: string): string {
  const text = plainSpaces(
    formatter('time', timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(value)),
  );
  return `${text}${zoneSuffix(timeZone, value)}`;
}

/** The event's dates: 'Jan 05, 2025' for one day, 'Jan 05 – 06, 2025' for a range (shared parts once). */
export function formatDateRange(start: Date | string, end: Date | string, timeZone: string): string {
  const f = formatter('dates', timeZone, { month: 'short', day: '2-digit', year: 'numeric' });
  const from = new Date(start);
  const to = new Date(end);
  return plainSpaces(to < from ? `${f.format(from)} – ${f.format(to)}` : f.formatRange(from, to));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DDTHH:mm' of the wall-clock time in the zone. */
function wallMinute(value: Date | string, timeZone: string): string {
  const w = wallClock(value, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The event's calendar day of a moment ('2025-01-05'), used to group by day. */
export function localDayKey(value: Date | string, timeZone: string): string {
  return wallMinute(value, timeZone).slice(0, 10);
}

/** The start time at minute precision in the event's zone (document 2 §9: the time slot key). */
export function localMinuteKey(value: Date | string, timeZone: string): string {
  return wallMinute(value, timeZone);
}

/**
 * An ISO instant as the value of an `<input type="datetime-local">` ('2025-01-05T09:05'): the
 * wall-clock time in the event's zone, whatever the browser's.
 */
export function toDateTimeInput(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : wallMinute(date, timeZone);
}

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A `datetime-local` value, read as wall-clock time in the event's zone, as an ISO instant; ''
 * when blank or unreadable.
 */
export function fromDateTimeInput(value: string, timeZone: string): string {
  const m = INPUT_VALUE.exec(value.trim());
  if (!m) return '';
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return '';
  // Refuse February 30 and the like instead of rolling over into the next month.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1) return '';
  return instantFromWallClock({ year, month, day, hour, minute }, timeZone).toISOString();
}
