import { eq } from 'drizzle-orm';
import { messages } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { QrKeys } from './event-keys';
import { renderQrPng } from './qr-png';
import { verifyQrImageUrl } from './qr-url';

/** The signed check-in credential a participant's QR code carries. */
export async function participantCredential(
  db: DbOrTx,
  keys: QrKeys,
  p: { id: number; eventId: number },
  storedPrivateKey?: string | null,
): Promise<string> {
  const sign = await keys.signer(db, p.eventId, storedPrivateKey);
  return sign({ eventId: p.eventId, participantId: p.id });
}

/**
 * GET /api/qr/{id}.png: renders the QR image on the fly from a signed, expiring URL (an <img> cannot
 * send a bearer token). A bad or expired signature, or a participant no longer confirmed, is a 404.
 */
export async function renderQrImage(
  db: DbOrTx,
  keys: QrKeys,
  urlKey: Buffer,
  params: { participantId: number; exp: number; sig: string },
  nowMs: number,
): Promise<{ png: Buffer; maxAgeSeconds: number }> {
  if (!verifyQrImageUrl(urlKey, params, nowMs)) throw new AppError('not_found', messages.qrNotFound);
  const [row] = await db
    .select({
      id: participants.id,
      eventId: participants.eventId,
      confirmed: participants.confirmedAttendance,
      privateKey: events.qrPrivateKey,
    })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(eq(participants.id, params.participantId));
  if (!row?.confirmed) throw new AppError('not_found', messages.qrNotFound);
  // One code is drawn here, on the API's thread, in about 2 ms: the export's worker threads
  // (QrRenderPool) cost a message each way when warm and 0.1 to 0.3 s to start when cold, which a
  // participant opening their event page would wait for (the image is what their phone shows last).
  const png = renderQrPng(await participantCredential(db, keys, row, row.privateKey));
  // Cache at most a day and never past the URL's own expiry.
  const maxAgeSeconds = Math.max(0, Math.min(24 * 60 * 60, params.exp - Math.floor(nowMs / 1000)));
  return { png, maxAgeSeconds };
}
