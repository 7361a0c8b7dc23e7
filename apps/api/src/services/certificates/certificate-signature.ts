import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages, type TEventDetail } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { certificateSignatures, events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { assertAdmin } from '../auth/staff-access';
import { inspectLogo, MIME } from '../events/event-logo';
import { getEvent } from '../events/get-event';

/** Sets (or clears) the design's signature_hash, keeping the rest of the stored design. */
async function setSignatureHash(tx: DbOrTx, eventId: number, hash: string | null): Promise<boolean> {
  const [current] = await tx
    .select({ design: events.certificateDesign })
    .from(events)
    .where(eq(events.id, eventId))
    .for('no key update');
  if (!current) return false;
  await tx
    .update(events)
    .set({ certificateDesign: { ...(current.design ?? {}), signature_hash: hash }, updatedAt: new Date() })
    .where(eq(events.id, eventId));
  return true;
}

/**
 * POST /api/events/{id}/certificate-signature/: the signatory's signature image for the
 * certificates, with the logo's checks (type by content, size, pixels, whole file, bounded PNG
 * data); the event's `certificate_design.signature_url` names it.
 */
export async function setCertificateSignature(
  db: Db,
  actor: StaffActor,
  eventId: number,
  data: Buffer,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  assertAdmin(actor);
  const image = inspectLogo(data, 'signature');
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  await db.transaction(async (tx) => {
    if (!(await setSignatureHash(tx, eventId, hash))) throw new AppError('not_found', messages.eventNotFound);
    const row = {
      content: data,
      mimeType: MIME[image.type],
      hash,
      width: image.width,
      height: image.height,
      updatedAt: new Date(),
    };
    await tx
      .insert(certificateSignatures)
      .values({ eventId, ...row })
      .onConflictDoUpdate({ target: certificateSignatures.eventId, set: row });
    await audit(tx, {
      action: 'event.certificate_signature_set',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
      details: { type: image.type, bytes: data.length, width: image.width, height: image.height },
    });
  });
  return getEvent(db, actor, eventId);
}

/** DELETE /api/events/{id}/certificate-signature/: the certificates have no signature image afterwards. */
export async function deleteCertificateSignature(
  db: Db,
  actor: StaffActor,
  eventId: number,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    if (!(await setSignatureHash(tx, eventId, null))) throw new AppError('not_found', messages.eventNotFound);
    await tx.delete(certificateSignatures).where(eq(certificateSignatures.eventId, eventId));
    await audit(tx, {
      action: 'event.certificate_signature_deleted',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
    });
  });
  return getEvent(db, actor, eventId);
}

/** The signature image the URL names (its event and content hash), or 404. */
export async function readCertificateSignature(
  db: DbOrTx,
  eventId: number,
  hash: string,
): Promise<{ content: Buffer; mimeType: string }> {
  const [row] = await db
    .select({ content: certificateSignatures.content, mimeType: certificateSignatures.mimeType })
    .from(certificateSignatures)
    .where(and(eq(certificateSignatures.eventId, eventId), eq(certificateSignatures.hash, hash)));
  if (!row) throw new AppError('not_found', messages.signatureNotFound);
  return row;
}
