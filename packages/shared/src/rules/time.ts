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
 * Reads an ISO 8601 date-time ('2025-01-05T09:00', with optional seconds and offset). A value
 * without an offset is taken as UTC so the server never depends on its own time zone. Returns
 * null for anything else (including impossible dates such as February 30).
 */
export function parseDateTime(input: string): Date | null {
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
  return date;
}
