import type { TParticipantSelf, TStaffSelf } from '@attend/shared';
import type { Database } from '../../db/client';
import { NotifiedCache } from '../../lib/notified-cache';

/** The NOTIFY channel of migration 0013's triggers; the payload says which kind of account changed. */
export const ACCOUNT_CHANGE_CHANNEL = 'account_change';

type Kind = 'staff' | 'participant';
/** A participant's answer and what its QR URL is made from: the URL is signed afresh each time. */
export type CachedParticipant = {
  self: TParticipantSelf;
  qr: { id: number; eventId: number; confirmedAttendance: boolean };
};

/**
 * What GET /api/accounts/me/ answered, per account, for the embedded database only (see
 * NotifiedCache for why a change is never missed there). On PostgreSQL the cache is not used (that
 * endpoint answers ~5,000 requests/s there without it).
 */
export class AccountCache {
  private readonly entries = {
    staff: new NotifiedCache<number, TStaffSelf>(),
    participant: new NotifiedCache<number, CachedParticipant>(),
  };

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
    return this.entries[kind].mark();
  }

  keepStaff(mark: number, id: number, value: TStaffSelf): void {
    this.entries.staff.keep(mark, id, value);
  }

  keepParticipant(mark: number, id: number, value: CachedParticipant): void {
    this.entries.participant.keep(mark, id, value);
  }
}
