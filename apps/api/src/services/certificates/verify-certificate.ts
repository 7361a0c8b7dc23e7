import { eq, sql } from 'drizzle-orm';
import {
  base64UrlDecode,
  CERTIFICATE_ID,
  certificateMessages,
  type TCertificateVerification,
} from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { certificates, events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyDocument } from '../qr/event-keys';
import { certificateMessage } from './certificate-content';

// The public verify page's one lookup, prepared once per database.
function prepare(db: DbOrTx) {
  return db
    .select({ c: certificates, publicKey: events.qrPublicKey })
    .from(certificates)
    .innerJoin(events, eq(events.id, certificates.eventId))
    .where(eq(certificates.id, sql.placeholder('id')))
    .prepare('verify_certificate');
}
const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepare>>();

/**
 * GET /api/verify/{id}/ (public): what anyone may read of a certificate (holder's name, event,
 * dates, what was attended) and whether it holds: the signature is checked again over the stored
 * content with the event's public key, so a row changed behind the product's back reads as not
 * valid. An unknown id (or one that cannot be an id) is 404, the same answer for both.
 */
export async function verifyCertificate(db: DbOrTx, id: string): Promise<TCertificateVerification> {
  const wanted = id.trim().toUpperCase();
  if (!CERTIFICATE_ID.test(wanted)) throw new AppError('not_found', certificateMessages.certificateNotFound);
  let lookup = prepared.get(db);
  if (!lookup) {
    lookup = prepare(db);
    prepared.set(db, lookup);
  }
  const [row] = await lookup.execute({ id: wanted });
  if (!row) throw new AppError('not_found', certificateMessages.certificateNotFound);
  const { c } = row;
  const signature = base64UrlDecode(c.signature);
  const signed =
    row.publicKey !== null &&
    signature !== null &&
    verifyDocument(row.publicKey, certificateMessage(c), Buffer.from(signature));
  const withdrawn = c.withdrawnAt !== null;
  return {
    id: c.id,
    valid: signed && !withdrawn,
    withdrawn,
    full_name: c.fullName,
    event_name: c.eventName,
    start_date: c.startDate.toISOString(),
    end_date: c.endDate.toISOString(),
    attended: c.attended,
  };
}
