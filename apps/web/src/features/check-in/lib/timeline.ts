import { CHECK_IN_BUCKET_MINUTES, type TEventCheckInStats } from '@attend/shared';

const BUCKET_MS = CHECK_IN_BUCKET_MINUTES * 60_000;
/** Gaps are drawn as zero bars up to this many buckets (three days); past that, only busy ones. */
const MAX_FILLED_BUCKETS = 3 * 24 * 4;

export type ChartPoint = { at: number; label: string; count: number };

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The timeline as chart points: empty 15-minute buckets between the first and the last filled in. */
export function timelinePoints(timeline: TEventCheckInStats['timeline']): ChartPoint[] {
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
  const oneDay = new Date(first).toDateString() === new Date(last).toDateString();
  const label = oneDay ? timeOnly : dayAndTime;
  return filled.map((at) => ({ at, label: label.format(at), count: counts.get(at) ?? 0 }));
}
