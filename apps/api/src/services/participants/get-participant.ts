import type { TParticipant } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import type { QrUrlFor } from '../qr/qr-url';
import { requireParticipant } from './scope';
import { toParticipant } from './serialize';

export async function getParticipant(
  db: DbOrTx,
  params: { eventId: number; participantId: number; qrUrlFor: QrUrlFor },
): Promise<TParticipant> {
  return toParticipant(await requireParticipant(db, params.eventId, params.participantId), params.qrUrlFor);
}
