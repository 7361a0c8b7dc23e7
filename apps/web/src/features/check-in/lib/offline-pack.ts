import type { TOfflinePack } from '@attend/shared';

/**
 * A kept pack brought up to date with an answer to `?since=`: participants who changed replace
 * theirs, new check-ins join. Returns null when the result disagrees with the server's totals:
 * something was removed meanwhile (a participant, a registration, an undone check-in), which a
 * delta cannot say, so the station fetches the whole pack again (as it does for a kept pack of an
 * earlier version).
 */
export function mergePack(kept: TOfflinePack, delta: TOfflinePack): TOfflinePack | null {
  if (delta.full) return delta;
  if (delta.event.id !== kept.event.id || delta.public_key !== kept.public_key) return null;
  // A pack kept by an earlier version still holds keyed hashes of unique codes: replace it whole.
  if ('code_key' in kept) return null;
  const participants = new Map(kept.participants.map((p) => [p.id, p]));
  for (const p of delta.participants) participants.set(p.id, p);
  const checkIns = new Map(kept.check_ins.map((c) => [c.id, c]));
  for (const c of delta.check_ins) checkIns.set(c.id, c);
  const merged: TOfflinePack = {
    ...delta,
    full: true,
    participants: [...participants.values()],
    check_ins: [...checkIns.values()],
  };
  return agreesWithTotals(merged) ? merged : null;
}

/** The pack holds exactly what the server counted when it answered. */
export function agreesWithTotals(pack: TOfflinePack): boolean {
  const registrations = pack.participants.reduce((n, p) => n + p.sessions.length, 0);
  return (
    pack.participants.length === pack.totals.participants &&
    registrations === pack.totals.registrations &&
    pack.check_ins.length === pack.totals.check_ins
  );
}

/**
 * An answer to `since` that changes nothing in the kept pack: no participant changed (those it names
 * are as kept), no check-in is new, the event and its sessions are as kept and the totals agree.
 * The usual answer of a refresh: the station then neither stores nor indexes the pack again.
 */
export function packUnchanged(kept: TOfflinePack, delta: TOfflinePack): boolean {
  if (delta.full || delta.event.id !== kept.event.id || delta.public_key !== kept.public_key) return false;
  if (JSON.stringify(delta.event) !== JSON.stringify(kept.event)) return false;
  if (JSON.stringify(delta.sessions) !== JSON.stringify(kept.sessions)) return false;
  if (!agreesWithTotals({ ...kept, totals: delta.totals })) return false;
  if (delta.check_ins.length > 0) {
    const known = new Set(kept.check_ins.map((c) => c.id));
    if (delta.check_ins.some((c) => !known.has(c.id))) return false;
  }
  if (delta.participants.length > 0) {
    const byId = new Map(kept.participants.map((p) => [p.id, p]));
    return delta.participants.every((p) => JSON.stringify(byId.get(p.id)) === JSON.stringify(p));
  }
  return true;
}
