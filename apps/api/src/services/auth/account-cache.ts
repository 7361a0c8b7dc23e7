import type { TParticipantSelf, TStaffSelf } from '@attend/shared';
import type { Database } from '../../db/client';

/** The NOTIFY channel of migration 0013's triggers; the payload says which kind of account changed. */
export const ACCOUNT_CHANGE_CHANNEL = 'account_change';

type Kind = 'staff' | 'participant';
/** A participant's answer and what its QR URL is made from: the URL is signed afresh each time. */
export type CachedParticipant = {
  self: TParticipantSelf;
  qr: { id: number; eventId: number; confirmedAttendance: boolean };
};

/** Entries kept per kind at most; past that the kind starts over. */
const MAX_ENTRIES = 10_000;

/**
 * What GET /api/accounts/me/ answered, per account, for the embedded database only. There one
 * process owns the data (DATA_DIR is locked), and a write's NOTIFY from migration 0013's triggers is
 * handled before the writing statement's promise resolves, so every change, by any code path or by
 * hand-written SQL, clears the cache before anyone can read it again. Several processes on
 * PostgreSQL would see each other's notifications only some milliseconds later, so there the cache is
 * not used (that endpoint answers ~5,000 requests/s there without it).
 *
 * A lookup that was running while a change came in is not stored: each kind has a generation that
 * every notification bumps, and a result is kept only if the generation it started under still holds.
 */
export class AccountCache {
  private readonly entries = {
    staff: new Map<number, TStaffSelf>(),
    participant: new Map<number, CachedParticipant>(),
  };
  private readonly generation = { staff: 0, participant: 0 };

  /** Subscribes to the triggers' notifications; answers null (no cache) on PostgreSQL. */
  static async open(database: Database): Promise<{ cache: AccountCache; close: () => Promise<void> } | null> {
    if (database.kind !== 'pglite') return null;
    const cache = new AccountCache();
    const close = await database.listen(ACCOUNT_CHANGE_CHANNEL, (payload) =>
      cache.invalidate(payload === 'staff' ? 'staff' : 'participant'),
    );
    return { cache, close };
  }

  invalidate(kind: Kind): void {
    this.generation[kind]++;
    this.entries[kind].clear();
  }

  staff(id: number): TStaffSelf | undefined {
    return this.entries.staff.get(id);
  }

  participant(id: number): CachedParticipant | undefined {
    return this.entries.participant.get(id);
  }

  /** The generation to hand back to `keep…` once the lookup is done. */
  mark(kind: Kind): number {
    return this.generation[kind];
  }

  keepStaff(mark: number, id: number, value: TStaffSelf): void {
    this.keep('staff', mark, id, value);
  }

  keepParticipant(mark: number, id: number, value: CachedParticipant): void {
    this.keep('participant', mark, id, value);
  }

  private keep<K extends Kind>(
    kind: K,
    mark: number,
    id: number,
    value: K extends 'staff' ? TStaffSelf : CachedParticipant,
  ): void {
    if (this.generation[kind] !== mark) return;
    const map = this.entries[kind] as Map<number, typeof value>;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(id, value);
  }
}
