import { format, messages } from '../messages';
import { formatDateTime, formatDateTimeInZone, overlaps } from './time';

/** What the conflict rule needs to know about a session. */
export type ConflictSession = {
  id: number;
  name: string;
  start: Date | string;
  end: Date | string;
  /** The parent's id for a sub-session, null for a top-level session. */
  parentSessionId: number | null;
};

export type Conflict<S extends ConflictSession = ConflictSession> = {
  /** The registered session that clashes with the one asked for. */
  session: S;
  /** 'same_group': both are sub-sessions of one parent, so only one of them may be chosen. */
  reason: 'overlap' | 'same_group';
};

/**
 * The sessions to compare against: for a registered parent whose sub-session the participant has
 * also chosen, the chosen sub-session stands in for the parent (document 1 §5).
 */
export function effectiveRegistrations<S extends ConflictSession>(registered: readonly S[]): S[] {
  const chosenParents = new Set(
    registered.map((s) => s.parentSessionId).filter((id): id is number => id !== null),
  );
  return registered.filter((s) => !chosenParents.has(s.id));
}

/**
 * The first registered session that `target` clashes with, earliest first, or null. Two sessions
 * clash when their times overlap (start before the other's end and end after the other's start),
 * and two sub-sessions of the same parent always clash. The target itself, its own parent and its
 * own sub-sessions are not compared with it.
 */
export function findConflict<S extends ConflictSession>(
  target: ConflictSession,
  registered: readonly S[],
): Conflict<S> | null {
  const candidates = effectiveRegistrations(registered)
    .filter((s) => s.id !== target.id && s.id !== target.parentSessionId && s.parentSessionId !== target.id)
    .sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime() || a.id - b.id);
  for (const s of candidates) {
    if (target.parentSessionId !== null && s.parentSessionId === target.parentSessionId) {
      return { session: s, reason: 'same_group' };
    }
    if (overlaps(target, s)) return { session: s, reason: 'overlap' };
  }
  return null;
}

/**
 * The refusal sentence of document 1 §5. Times read 'MMM dd, yyyy, h:mm a' in `timeZone` (the
 * event's) and the end names the zone ('... 11:00 AM EAT'): the reader may be elsewhere.
 */
export function conflictMessage(target: { name: string }, conflict: Conflict, timeZone = 'UTC'): string {
  const other =
    conflict.reason === 'same_group'
      ? format(messages.sameSessionGroup, { name: conflict.session.name })
      : conflict.session.name;
  return format(messages.timeConflict, {
    session: target.name,
    other,
    start: formatDateTime(conflict.session.start, timeZone),
    end: formatDateTimeInZone(conflict.session.end, timeZone),
  });
}
