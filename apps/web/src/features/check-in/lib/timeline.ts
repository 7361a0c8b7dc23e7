import { CHECK_IN_BUCKET_MINUTES, type TEventCheckInStats } from '@attend/shared';
import { localDayKey, viewerTimeZone } from '../../../lib/date-time';
import { appLocale } from '../../../lib/locale';

const BUCKET_MS = CHECK_IN_BUCKET_MINUTES * 60_000;
/** Gaps are drawn as zero bars up to this many buckets (three days); past that, only busy ones. */
const MAX_FILLED_BUCKETS = 3 * 24 * 4;

export type ChartPoint = { at: number; label: string; count: number };

/**
 * The timeline as chart points: empty 15-minute buckets between the first and the last filled in,
 * labelled with the event's wall-clock times (`timeZone`; the viewer's when not given).
 */
export function timelinePoints(timeline: TEventCheckInStats['timeline'], timeZone?: string): ChartPoint[] {
  const counts = new Map<number, number>();
  for (const b of timeline) {
    const at = Date.parse(b.bucket);
    if (Number.isFinite(at)) counts.set(at, (counts.get(at) ?? 0) + b.count);
  }
  const times = [...counts.keys()].sort((a, b) => a - b);
  const first = times[0];
  const last = times[times.length - 1];
  if (first === undefined || last === undefined) return [];
  const onGrid = times.every((at) => (at - first) % BUCKET_MS === 0);
  const filled =
    onGrid && (last - first) / BUCKET_MS < MAX_FILLED_BUCKETS
      ? Array.from({ length: Math.round((last - first) / BUCKET_MS) + 1 }, (_, i) => first + i * BUCKET_MS)
      : times;
  const zone = timeZone ?? viewerTimeZone();
  const oneDay = localDayKey(new Date(first), zone) === localDayKey(new Date(last), zone);
  // In the language on screen: made per call, as the language can change between two charts.
  const label = new Intl.DateTimeFormat(
    appLocale(),
    oneDay
      ? { hour: 'numeric', minute: '2-digit', timeZone: zone }
      : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone },
  );
  // Intl's narrow no-break spaces ('9:00 AM') read and compare as plain spaces.
  const text = (at: number) => label.format(at).replace(/[\u2009\u202f\u00a0]/g, ' ');
  return filled.map((at) => ({ at, label: text(at), count: counts.get(at) ?? 0 }));
}
