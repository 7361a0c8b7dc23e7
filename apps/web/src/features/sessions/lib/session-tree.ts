import type { TSession } from '@attend/shared';

/** A session with its sub-sessions (document 2 §3: sub_sessions are assembled on the client). */
export type SessionNode = TSession & { sub_sessions: TSession[] };

function byStart(a: TSession, b: TSession): number {
  return new Date(a.start_time).getTime() - new Date(b.start_time).getTime() || a.id - b.id;
}

/** Top-level sessions by start time, each with its sub-sessions nested under it. */
export function nestSessions(list: readonly TSession[]): SessionNode[] {
  const ids = new Set(list.map((s) => s.id));
  const children = new Map<number, TSession[]>();
  for (const s of list) {
    if (s.parent_session !== null && ids.has(s.parent_session)) {
      const siblings = children.get(s.parent_session) ?? [];
      siblings.push(s);
      children.set(s.parent_session, siblings);
    }
  }
  return list
    .filter((s) => s.parent_session === null || !ids.has(s.parent_session))
    .sort(byStart)
    .map((s) => ({ ...s, sub_sessions: (children.get(s.id) ?? []).sort(byStart) }));
}
