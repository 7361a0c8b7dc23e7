import { and, eq } from 'drizzle-orm';
import { messages, type TMyQrCode } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ParticipantActor } from '../../lib/tokens';
import type { QrUrlFor } from '../qr/qr-url';

/** GET /api/participants/me/qr-code/: the caller's QR image URL, once attendance is confirmed. */
export async function getMyQrCode(
  db: DbOrTx,
  actor: ParticipantActor,
  qrUrlFor: QrUrlFor,
): Promise<TMyQrCode> {
  const [p] = await db
    .select({
      id: participants.id,
      eventId: participants.eventId,
      confirmedAttendance: participants.confirmedAttendance,
    })
    .from(participants)
    .where(and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId)));
  const url = p ? qrUrlFor(p) : null;
  if (!url) throw new AppError('not_found', messages.qrNotFound);
  return { success: true, qr_code_url: url };
}
