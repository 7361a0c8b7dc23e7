import { wallClock, zoneOffsetMinutes } from '@attend/shared';

/**
 * An iCalendar (RFC 5545) writer for the programme and a participant's sessions: pure, no I/O.
 * Times are written as the event's wall-clock times with a TZID, and the zone is described by a
 * VTIMEZONE built from its real transitions (read from Intl), so a calendar shows the session at the
 * right instant whatever zone its device is in, and keeps it there across a daylight-saving change.
 */

export type IcsEvent = {
  /** Stable across downloads, so a calendar updates the event instead of adding a second one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  /** The last change of the event; sets LAST-MODIFIED and SEQUENCE. */
  updatedAt?: Date;
  createdAt?: Date;
};

export type IcsCalendar = {
  /** X-WR-CALNAME: what a calendar app names the subscription. */
  name: string;
  /** The IANA zone every time is written in. */
  timeZone: string;
  events: IcsEvent[];
  /** DTSTAMP of every event: when the file was made. */
  now: Date;
};

export const PRODID = '-//Attend//Event programme//EN';
const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11); control characters other than tab are dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545 §3.1), each continuation starting
 * with one space, never splitting a UTF-8 sequence (nor a surrogate pair: code points are kept whole).
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; the others 74 after their leading space.
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An instant as UTC date-time: 20260315T080000Z. */
export function utcDateTime(d: Date): string {
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

/** An instant as the zone's local date-time, for a TZID= property: 20260315T110000. */
export function localDateTime(d: Date, timeZone: string): string {
  const w = wallClock(d, timeZone);
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** Local time from an offset in minutes (the UTC fields of the shifted instant). */
function offsetDateTime(ms: number, offsetMinutes: number): string {
  return utcDateTime(new Date(ms + offsetMinutes * 60_000)).slice(0, -1);
}

/** UTC-OFFSET value: +0100, -0330. */
export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Period = { start: number; offset: number; from: number; known: boolean };

/**
 * The zone's offset periods from `fromMs` to `toMs`: sampled daily (zones change at most a few times
 * a year, never twice in a day), each change then found to the second by bisection.
 */
export function zonePeriods(timeZone: string, fromMs: number, toMs: number): Period[] {
  const offsetAt = (t: number) => zoneOffsetMinutes(timeZone, new Date(t));
  let prevT = fromMs;
  let prevOffset = offsetAt(fromMs);
  const periods: Period[] = [{ start: fromMs, offset: prevOffset, from: prevOffset, known: false }];
  for (let t = fromMs + DAY_MS; t <= toMs; t += DAY_MS) {
    const offset = offsetAt(t);
    if (offset !== prevOffset) {
      let lo = prevT;
      let hi = t;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsetAt(mid) === prevOffset) lo = mid;
        else hi = mid;
      }
      periods.push({ start: hi, offset, from: prevOffset, known: true });
      prevOffset = offset;
    }
    prevT = t;
  }
  return periods;
}

/**
 * The VTIMEZONE of a zone over the years the events fall in: one STANDARD or DAYLIGHT component per
 * offset period in force during those years (a zone without changes: a single STANDARD). A period is
 * DAYLIGHT when its offset is above those of the periods on either side of it (summer time, which
 * ends); a lasting change of the zone's offset is STANDARD.
 */
export function vtimezone(timeZone: string, years: { first: number; last: number }): string[] {
  const key = `${timeZone}|${years.first}|${years.last}`;
  const cached = zoneCache.get(key);
  if (cached) return cached;
  const lines = describeZone(timeZone, years);
  // A feed polled by thousands of calendars asks for the same few zones and years over and over.
  if (zoneCache.size >= 64) zoneCache.clear();
  zoneCache.set(key, lines);
  return lines;
}

const zoneCache = new Map<string, string[]>();

function describeZone(timeZone: string, years: { first: number; last: number }): string[] {
  // A year either side, so the periods around the events' years have neighbours to be judged by.
  const scanFrom = Date.UTC(years.first - 1, 0, 1);
  const scanTo = Date.UTC(years.last + 2, 0, 1);
  const periods = zonePeriods(timeZone, scanFrom, scanTo);
  const showFrom = Date.UTC(years.first, 0, 1) - DAY_MS;
  const showTo = Date.UTC(years.last + 1, 0, 1) + DAY_MS;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  periods.forEach((p, i) => {
    const next = periods[i + 1];
    const prev = periods[i - 1];
    if (next && next.start <= showFrom) return;
    if (p.start >= showTo) return;
    const neighbours = [prev, next].filter((n): n is Period => n !== undefined);
    const daylight = neighbours.length > 0 && neighbours.every((n) => p.offset > n.offset);
    const kind = daylight ? 'DAYLIGHT' : 'STANDARD';
    const name = zoneName(timeZone, p.start + (next ? Math.min(DAY_MS, (next.start - p.start) / 2) : DAY_MS));
    lines.push(
      `BEGIN:${kind}`,
      // The onset as the clocks showed it just before the change (RFC 5545 §3.6.5).
      `DTSTART:${offsetDateTime(p.start, p.from)}`,
      `TZOFFSETFROM:${utcOffset(p.from)}`,
      `TZOFFSETTO:${utcOffset(p.offset)}`,
      ...(name ? [`TZNAME:${escapeText(name)}`] : []),
      `END:${kind}`,
    );
  });
  lines.push('END:VTIMEZONE');
  return lines;
}

const nameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's abbreviation at an instant (CET, CEST, EAT), or null when Intl only has GMT+3. */
function zoneName(timeZone: string, at: number): string | null {
  let f = nameFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' });
    nameFormats.set(timeZone, f);
  }
  const name = f.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return /^[A-Za-z]{2,6}$/.test(name) ? name : null;
}

function yearOf(d: Date, timeZone: string): number {
  return wallClock(d, timeZone).year;
}

/** The whole calendar as text: CRLF line ends, folded lines. */
export function buildIcs(calendar: IcsCalendar): string {
  const { timeZone, now } = calendar;
  const years = calendar.events.flatMap((e) => [yearOf(e.start, timeZone), yearOf(e.end, timeZone)]);
  const thisYear = yearOf(now, timeZone);
  const span = {
    first: years.length > 0 ? Math.min(...years) : thisYear,
    last: years.length > 0 ? Math.max(...years) : thisYear,
  };
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    ...vtimezone(timeZone, span),
  ];
  const stamp = utcDateTime(now);
  for (const e of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${timeZone}:${localDateTime(e.start, timeZone)}`,
      `DTEND;TZID=${timeZone}:${localDateTime(e.end, timeZone)}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.updatedAt) {
      lines.push(`LAST-MODIFIED:${utcDateTime(e.updatedAt)}`);
      // Seconds since the event was made: grows with every change, as SEQUENCE must.
      const since = e.createdAt ? e.createdAt.getTime() : e.updatedAt.getTime();
      lines.push(`SEQUENCE:${Math.max(0, Math.floor((e.updatedAt.getTime() - since) / 1000))}`);
    }
    if (e.createdAt) lines.push(`CREATED:${utcDateTime(e.createdAt)}`);
    lines.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
