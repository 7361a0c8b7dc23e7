import {
  findConflict,
  formatDateTime,
  formatDateTimeInZone,
  type Conflict,
  type ConflictSession,
  type TSession,
} from '@attend/shared';
import { formatDayHeading, formatTimeOfDay, localDayKey, localMinuteKey } from '../../../lib/date-time';
import { ts } from '../i18n';
import { nestSessions } from './session-tree';

/**
 * What a participant can register for: a plain session, or a session split into sub-sessions of
 * which they choose one (its sub-sessions are not listed on their own; document 1 §2).
 */
export type Offer =
  { kind: 'single'; session: TSession } | { kind: 'group'; session: TSession; options: TSession[] };

export type TimeSlot = { key: string; label: string; offers: Offer[] };
export type SessionDay = { key: string; label: string; slots: TimeSlot[] };
export type SessionFilter = 'all' | 'mine';

/** Sessions closed for registration are hidden unless the participant is already in them. */
function visible(s: TSession): boolean {
  return s.is_active || !!s.is_registered;
}

export function participantOffers(list: readonly TSession[], filter: SessionFilter): Offer[] {
  const offers: Offer[] = [];
  for (const node of nestSessions(list)) {
    if (node.sub_sessions.length > 0 || node.has_sub_sessions) {
      const options = node.sub_sessions.filter(visible).filter((s) => filter === 'all' || s.is_registered);
      if (options.length > 0) offers.push({ kind: 'group', session: node, options });
    } else if (visible(node) && (filter === 'all' || node.is_registered)) {
      offers.push({ kind: 'single', session: node });
    }
  }
  return offers;
}

/**
 * Groups offers by day, then by start time at minute precision (document 2 §9: the time slot key),
 * both in the event's time zone (the session's `time_zone`) and in time order.
 */
export function groupByDayAndSlot(offers: readonly Offer[]): SessionDay[] {
  const days = new Map<string, SessionDay>();
  const sorted = [...offers].sort(
    (a, b) => new Date(a.session.start_time).getTime() - new Date(b.session.start_time).getTime(),
  );
  for (const offer of sorted) {
    const start = offer.session.start_time;
    const zone = offer.session.time_zone;
    const dayKey = localDayKey(start, zone);
    let day = days.get(dayKey);
    if (!day) {
      day = { key: dayKey, label: formatDayHeading(start, zone), slots: [] };
      days.set(dayKey, day);
    }
    const slotKey = localMinuteKey(start, zone);
    let slot = day.slots.find((s) => s.key === slotKey);
    if (!slot) {
      slot = { key: slotKey, label: formatTimeOfDay(start, zone), offers: [] };
      day.slots.push(slot);
    }
    slot.offers.push(offer);
  }
  return [...days.values()];
}

function asConflictSession(s: TSession): ConflictSession & { source: TSession } {
  return {
    id: s.id,
    name: s.name,
    start: s.start_time,
    end: s.end_time,
    parentSessionId: s.parent_session,
    source: s,
  };
}

/** The registered session `target` would clash with (the shared rule the server applies), or null. */
export function clashFor(
  target: TSession,
  list: readonly TSession[],
): Conflict<ConflictSession & { source: TSession }> | null {
  if (target.is_registered) return null;
  const registered = list.filter((s) => s.is_registered).map(asConflictSession);
  return findConflict(asConflictSession(target), registered);
}

/**
 * Why `target` cannot be registered for because of `clash`, worded as the server refuses it
 * (document 1 §5; the same times and zone label as the shared `conflictMessage`).
 */
export function clashReason(target: TSession, clash: Conflict<ConflictSession>): string {
  const zone = target.time_zone;
  const other =
    clash.reason === 'same_group' ? ts('p.sameGroupName', { name: clash.session.name }) : clash.session.name;
  return ts('p.clashReason', {
    session: target.name,
    other,
    start: formatDateTime(clash.session.start, zone),
    end: formatDateTimeInZone(clash.session.end, zone),
  });
}

/** Every day and time-slot key, to open the whole programme at once. */
export function allKeys(days: readonly SessionDay[]): { days: string[]; slots: string[] } {
  return { days: days.map((d) => d.key), slots: days.flatMap((d) => d.slots.map((s) => s.key)) };
}

/** The first day open, and the first time slot of each day (document 1 §2). */
export function initialKeys(days: readonly SessionDay[]): { days: string[]; slots: string[] } {
  return {
    days: days[0] ? [days[0].key] : [],
    slots: days.flatMap((d) => (d.slots[0] ? [d.slots[0].key] : [])),
  };
}
