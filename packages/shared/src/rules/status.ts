import type { TimeRange } from './time';

export type DisplayStatus = 'Completed' | 'Active' | 'Upcoming';

function ms(value: Date | string): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/**
 * Display status of a session, sub-session or event (document 2 §4): Completed once it has ended,
 * Active once it has started, Upcoming before.
 */
export function displayStatus(range: TimeRange, now: Date = new Date()): DisplayStatus {
  if (ms(range.end) < now.getTime()) return 'Completed';
  if (ms(range.start) <= now.getTime()) return 'Active';
  return 'Upcoming';
}

/** The dashboard counts an event as running when it has started and not yet ended (ends included). */
export function isRunning(range: TimeRange, now: Date = new Date()): boolean {
  return ms(range.start) <= now.getTime() && ms(range.end) >= now.getTime();
}

/** The event detail badge follows the staff-controlled flag, not the dates. */
export function activeBadge(isActive: boolean): 'Active' | 'Inactive' {
  return isActive ? 'Active' : 'Inactive';
}
