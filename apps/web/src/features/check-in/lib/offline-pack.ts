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
