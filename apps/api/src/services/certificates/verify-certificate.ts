import { eq, sql } from 'drizzle-orm';
import {
  base64UrlDecode,
  CERTIFICATE_ID,
  certificateMessages,
  type TCertificateVerification,
} from '@attend/shared';
import type { Database, DbOrTx } from '../../db/client';
import { certificates, events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { NotifiedCache } from '../../lib/notified-cache';
import { verifyDocument } from '../qr/event-keys';
import { certificateMessage } from './certificate-content';

// The public verify page's lookup, prepared once per database: the certificates of a list of ids
// (an array literal of ids that passed CERTIFICATE_ID, so nothing in it needs quoting).
function prepare(db: DbOrTx) {
  return db
    .select({ c: certificates, publicKey: events.qrPublicKey })
    .from(certificates)
    .innerJoin(events, eq(events.id, certificates.eventId))
    .where(sql`${certificates.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('verify_certificates');
}
type Lookup = ReturnType<typeof prepare>;
type Row = Awaited<ReturnType<Lookup['execute']>>[number];
type Waiter = { resolve: (row: Row | undefined) => void; reject: (err: unknown) => void };

/** At most this many ids go in one query; the rest wait for the next. */
const BATCH = 500;

/**
 * The verify lookups of one database, coalesced: while one query is on its way, the requests that
 * arrive wait and then go together in the next one. Under a rush (a room scanning the certificates
 * on a screen) one round trip answers many requests; alone, a request is sent at once. A request
 * never joins a query already sent, so it always reads the database as it was after it arrived: a
 * withdrawal or a changed row is seen by every request that comes after it.
 */
class VerifyLookups {
  private waiting = new Map<string, Waiter[]>();
  private sending = false;
  constructor(private readonly lookup: Lookup) {}

  get(id: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.waiting.size > 0) {
      const batch = new Map<string, Waiter[]>();
      for (const [id, waiters] of this.waiting) {
        if (batch.size === BATCH) break;
        batch.set(id, waiters);
      }
      for (const id of batch.keys()) this.waiting.delete(id);
      try {
        const rows = await this.lookup.execute({ ids: `{${[...batch.keys()].join(',')}}` });
        const byId = new Map(rows.map((row) => [row.c.id, row]));
        for (const [id, waiters] of batch) for (const w of waiters) w.resolve(byId.get(id));
      } catch (err) {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      }
    }
    this.sending = false;
  }
}
const lookups = new WeakMap<DbOrTx, VerifyLookups>();

/** The NOTIFY channel of migration 0023's triggers: certificates, or an event's public key, changed. */
export const CERTIFICATE_CHANGE_CHANNEL = 'certificate_change';

/** The verify answers given, by certificate id, on the embedded database (see NotifiedCache). */
export type VerifyCache = NotifiedCache<string, TCertificateVerification>;

/** Subscribes to migration 0023's notifications; answers null (no cache) on PostgreSQL. */
export async function openVerifyCache(
  database: Database,
): Promise<{ cache: VerifyCache; close: () => Promise<void> } | null> {
  if (database.kind !== 'pglite') return null;
  const cache: VerifyCache = new NotifiedCache();
  const close = await database.listen(CERTIFICATE_CHANGE_CHANNEL, () => cache.clear());
  return { cache, close };
}

/**
 * GET /api/verify/{id}/ (public): what anyone may read of a certificate (holder's name, event,
 * dates, what was attended) and whether it holds: the signature is checked again over the stored
 * content with the event's public key, so a row changed behind the product's back reads as not
 * valid. An unknown id (or one that cannot be an id) is 404, the same answer for both. With a cache
 * (the embedded database), an answer is given again until a certificate or an event's key changes;
 * an unknown id is looked up each time.
 */
export async function verifyCertificate(
  db: DbOrTx,
  id: string,
  cache: VerifyCache | null = null,
): Promise<TCertificateVerification> {
  const wanted = id.trim().toUpperCase();
  if (!CERTIFICATE_ID.test(wanted)) throw new AppError('not_found', certificateMessages.certificateNotFound);
  const known = cache?.get(wanted);
  if (known) return known;
  const mark = cache?.mark() ?? 0;
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = new VerifyLookups(prepare(db));
    lookups.set(db, lookup);
  }
  const row = await lookup.get(wanted);
  if (!row) throw new AppError('not_found', certificateMessages.certificateNotFound);
  const { c } = row;
  const signature = base64UrlDecode(c.signature);
  const signed =
    row.publicKey !== null &&
    signature !== null &&
    verifyDocument(row.publicKey, certificateMessage(c), Buffer.from(signature));
  const withdrawn = c.withdrawnAt !== null;
  const answer: TCertificateVerification = {
    id: c.id,
    valid: signed && !withdrawn,
    withdrawn,
    full_name: c.fullName,
    event_name: c.eventName,
    start_date: c.startDate.toISOString(),
    end_date: c.endDate.toISOString(),
    attended: c.attended,
  };
  cache?.keep(mark, wanted, answer);
  return answer;
}
