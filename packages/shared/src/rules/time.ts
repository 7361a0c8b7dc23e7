/** A span of time; either end may be a Date or anything `new Date()` reads (ISO strings). */
export type TimeRange = { start: Date | string; end: Date | string };

function ms(value: Date | string): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/**
 * Two ranges overlap when one starts before the other ends and ends after the other starts.
 * Touching ranges (one ends exactly when the other starts) do not overlap.
 */
export function overlaps(a: TimeRange, b: TimeRange): boolean {
  return ms(a.start) < ms(b.end) && ms(a.end) > ms(b.start);
}

/** True when `inner` lies within `outer`, ends included. */
export function within(inner: TimeRange, outer: TimeRange): boolean {
  return ms(inner.start) >= ms(outer.start) && ms(inner.end) <= ms(outer.end);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats as 'MMM dd, yyyy, h:mm a' (document 2 §9), e.g. 'Jan 05, 2025, 9:05 AM', in the given
 * IANA time zone (UTC by default). Built from parts so every runtime prints the same spaces.
 */
export function formatDateTime(value: Date | string, timeZone = 'UTC'): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(ms(value)))) parts[p.type] = p.value;
  return `${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date-time as a request wrote it: an instant when it named its offset (or Z), otherwise a
 * wall-clock time (`2026-11-26T08:00`) that means nothing until it is placed in a zone
 * (`placeDateTime`). `wallClockAsUtc` holds that wall-clock time in its UTC fields.
 */
export type DateTimeInput = { kind: 'instant'; instant: Date } | { kind: 'wall-clock'; wallClockAsUtc: Date };

/**
 * Reads an ISO 8601 date-time ('2025-01-05T09:00', with optional seconds and offset) without
 * deciding the zone of one that names none. Null for anything else (including impossible dates
 * such as February 30).
 */
export function readDateTime(input: string): DateTimeInput | null {
  const text = input.trim();
  if (!ISO_DATE_TIME.test(text)) return null;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const date = new Date(hasOffset ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls 2025-02-30 over to March; refuse it instead of guessing.
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const check = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== (m ?? 1) - 1 || check.getUTCDate() !== d) {
    return null;
  }
  return hasOffset ? { kind: 'instant', instant: date } : { kind: 'wall-clock', wallClockAsUtc: date };
}

/**
 * The instant a date-time names: itself when it gave an offset, else its wall-clock time in
 * `timeZone` (the event's), with the daylight-saving rules of `instantFromWallClock`.
 */
export function placeDateTime(value: DateTimeInput, timeZone: string): Date {
  if (value.kind === 'instant') return value.instant;
  const w = value.wallClockAsUtc;
  const minute = instantFromWallClock(
    {
      year: w.getUTCFullYear(),
      month: w.getUTCMonth() + 1,
      day: w.getUTCDate(),
      hour: w.getUTCHours(),
      minute: w.getUTCMinutes(),
    },
    timeZone,
  );
  return new Date(minute.getTime() + w.getUTCSeconds() * 1000 + w.getUTCMilliseconds());
}

/**
 * Reads an ISO 8601 date-time as `readDateTime` does; a value without an offset is a wall-clock
 * time in `timeZone` (UTC unless given, so the server never depends on its own zone). Null for
 * anything unreadable.
 */
export function parseDateTime(input: string, timeZone = 'UTC'): Date | null {
  const value = readDateTime(input);
  return value && placeDateTime(value, timeZone);
}

/** The zone every event had before events carried their own, and the fallback for a bad name. */
export const DEFAULT_TIME_ZONE = 'UTC';

const AREA_LOCATION = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/;

function acceptedByIntl(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function supportedZones(): readonly string[] {
  // Not in every runtime (older Safari); the Intl check below still accepts real names there.
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/**
 * The IANA name as stored: `UTC`, a name the runtime lists (in its spelling, whatever the case
 * typed), or an Area/Location alias it understands (Asia/Kolkata where it lists Asia/Calcutta).
 * Null for anything else, including offsets such as '+03:00' and abbreviations such as 'EAT'.
 */
export function canonicalTimeZone(input: string): string | null {
  const name = input.trim();
  if (name.toUpperCase() === 'UTC') return 'UTC';
  if (!AREA_LOCATION.test(name) || acceptedByIntl(name) === null) return null;
  const lower = name.toLowerCase();
  return supportedZones().find((z) => z.toLowerCase() === lower) ?? name;
}

/** Every zone a staff member may choose: the runtime's list with UTC first. */
export function timeZoneChoices(): string[] {
  return ['UTC', ...supportedZones().filter((z) => z !== 'UTC')];
}

const zoneParts = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone (24-hour clock). */
export function wallClock(
  value: Date | string,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let f = zoneParts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneParts.set(timeZone, f);
  }
  const n: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms(value)))) {
    if (p.type !== 'literal') n[p.type] = Number(p.value);
  }
  return {
    year: n.year ?? 0,
    month: n.month ?? 1,
    day: n.day ?? 1,
    hour: n.hour ?? 0,
    minute: n.minute ?? 0,
    second: n.second ?? 0,
  };
}

/** Minutes the zone is ahead of UTC at that instant (Nairobi: 180); 0 for an unreadable instant. */
export function zoneOffsetMinutes(timeZone: string, at: Date | string): number {
  const t = ms(at);
  if (Number.isNaN(t)) return 0;
  const w = wallClock(new Date(t), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant at which the zone's clocks show this wall-clock time. A time skipped by a daylight
 * saving change lands after the change (02:30 becomes 03:30); a repeated one is its first occurrence.
 */
export function instantFromWallClock(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Offsets a day either side cover any change near this time; each gives one candidate.
  const candidates = [
    ...new Set([-DAY_MS, DAY_MS].map((d) => zoneOffsetMinutes(timeZone, new Date(asUtc + d)))),
  ].map((offset) => asUtc - offset * 60_000);
  const shows = (t: number) => {
    const w = wallClock(new Date(t), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === asUtc;
  };
  const exact = candidates.filter(shows);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(...candidates));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day of an instant in a zone, as YYYY-MM-DD. */
export function dayInZone(value: Date | string, timeZone: string): string {
  const w = wallClock(value, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** An instant as the zone's wall-clock time 'YYYY-MM-DD HH:mm:ss' (spreadsheets read it as a date). */
export function wallClockText(value: Date | string, timeZone: string): string {
  const w = wallClock(value, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * A Date whose UTC fields are the zone's wall-clock time: spreadsheet writers store dates without a
 * zone, as their UTC fields, so the cell then shows the event's local time.
 */
export function wallClockAsUtc(value: Date | string, timeZone: string): Date {
  const w = wallClock(value, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** Where a calendar day (YYYY-MM-DD) of a zone begins and ends, as instants [from, to). */
export function dayBoundsInZone(day: string, timeZone: string): { from: Date; to: Date } {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const from = instantFromWallClock({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  const to = instantFromWallClock(
    {
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
    },
    timeZone,
  );
  return { from, to };
}

/**
 * English locales whose short zone names are abbreviations people use ('EAT' in en-KE where
 * en-US says 'GMT+3'), tried in order; the first letters-only answer wins.
 */
const ABBREVIATION_LOCALES = [
  'en-US',
  'en-GB',
  'en-KE',
  'en-NG',
  'en-ZA',
  'en-IN',
  'en-AU',
  'en-NZ',
  'en-CA',
];
const zoneNames = new Map<string, string>();

/**
 * The zone's short name at that instant: an abbreviation where one is in use ('EAT', 'CAT',
 * 'CET', 'EST', 'UTC'), otherwise the offset as `fallbackLocale` writes it ('GMT+3').
 */
export function timeZoneAbbreviation(
  timeZone: string,
  at: Date | string = new Date(),
  fallbackLocale = 'en-US',
): string {
  const offset = zoneOffsetMinutes(timeZone, at);
  const key = `${timeZone}|${offset}|${fallbackLocale}`;
  const known = zoneNames.get(key);
  if (known) return known;
  const when = new Date(ms(at));
  const shortName = (locale: string) => {
    try {
      return (
        new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
          .formatToParts(when)
          .find((p) => p.type === 'timeZoneName')?.value ?? ''
      );
    } catch {
      return '';
    }
  };
  let name = '';
  for (const locale of ABBREVIATION_LOCALES) {
    const candidate = shortName(locale);
    // 'GMT' alone names a zone at offset 0; 'GMT+3' is an offset, not a name.
    if (/^[A-Z]{2,5}$/.test(candidate)) {
      name = candidate;
      break;
    }
  }
  if (!name)
    name =
      shortName(fallbackLocale) ||
      `UTC${offset >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  zoneNames.set(key, name);
  return name;
}

/** 'MMM dd, yyyy, h:mm a' in the zone followed by its short name: 'Jan 05, 2025, 9:05 AM EAT'. */
export function formatDateTimeInZone(value: Date | string, timeZone: string): string {
  return `${formatDateTime(value, timeZone)} ${timeZoneAbbreviation(timeZone, value)}`;
}
