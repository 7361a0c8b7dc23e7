import type { TEvent, TFailedEmailStats } from '@attend/shared';

/** Document 2 §4: the dashboard counts an event as active when it has started and not yet ended. */
export function isActiveNow(event: Pick<TEvent, 'start_date' | 'end_date'>, now = Date.now()): boolean {
  return Date.parse(event.start_date) <= now && Date.parse(event.end_date) >= now;
}

/** Check-ins over confirmed participants as a whole percentage; 0 when nobody is confirmed. */
export function attendanceRate(checkIns: number, confirmed: number): number {
  return confirmed > 0 ? Math.round((100 * checkIns) / confirmed) : 0;
}

/** The failed-e-mail summary lists at most this many upcoming retries (document 2 §9). */
export const NEXT_RETRIES_SHOWN = 3;

export type FailedEmailSummary = {
  pending: number;
  retryScheduled: number;
  failedPermanently: number;
  readyToRetry: number;
  next: { email: string; at: string }[];
  /** Scheduled retries beyond those listed ('and N more'); 0 hides the line. */
  more: number;
};

/**
 * The Failed Email Summary (document 2 §2): only when total failed is above 0; the counts, up to
 * three next scheduled retries and how many more are scheduled.
 */
export function failedEmailSummary(stats: TFailedEmailStats | undefined): FailedEmailSummary | null {
  if (!stats || stats.total_failed <= 0) return null;
  const listed = stats.next_retry_times;
  const next = listed
    .slice(0, NEXT_RETRIES_SHOWN)
    .map((r) => ({ email: r.participant_email, at: r.next_retry_at }));
  return {
    pending: stats.pending,
    retryScheduled: stats.retry_scheduled,
    failedPermanently: stats.failed_permanently,
    readyToRetry: stats.total_ready_for_retry,
    next,
    // more_retries counts the scheduled retries the answer does not list; any listed beyond three add to it.
    more: Math.max(0, stats.more_retries) + Math.max(0, listed.length - next.length),
  };
}
