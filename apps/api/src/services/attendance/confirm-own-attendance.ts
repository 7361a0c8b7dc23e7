import { eq } from 'drizzle-orm';
import { messages, type TSelfConfirmResult } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ParticipantActor } from '../../lib/tokens';
import { audit } from '../audit';
import type { QrUrlFor } from '../qr/qr-url';
import { checkParticipantCode } from '../auth/check-participant-code';
import type { Guard } from '../auth/rate-limit';
import type { ClientMeta } from '../../lib/request-meta';
import { participantSelf } from '../auth/serialize';
import { markConfirmed } from './confirm-attendance';

async function eventRef(db: DbOrTx, eventId: number) {
  const [e] = await db
    .select({ id: events.id, eventCode: events.eventCode, name: events.name })
    .from(events)
    .where(eq(events.id, eventId));
  if (!e) throw new AppError('not_found', messages.eventNotFound);
  return e;
}

async function confirmAndDescribe(
  db: Db,
  eventId: number,
  participantId: number,
  qrUrlFor: QrUrlFor,
  ip: string,
): Promise<TSelfConfirmResult> {
  const result = await markConfirmed(db, eventId, participantId);
  if (!result) throw new AppError('not_found', messages.participantNotFound);
  const actor = { kind: 'participant' as const, participantId, eventId };
  if (result.changed) {
    await audit(db, {
      action: 'participant.confirm_self',
      actor,
      targetType: 'participant',
      targetId: participantId,
      ip,
    });
  }
  const participant = participantSelf(result.row, await eventRef(db, eventId), qrUrlFor(result.row));
  return {
    success: true,
    status: result.changed ? 'confirmed' : 'already_confirmed',
    message: result.changed ? messages.selfAttendanceConfirmed : messages.attendanceAlreadyConfirmed,
    data: {
      qr_code_url: participant.qr_code_url,
      confirmed_attendance: participant.confirmed_attendance,
      confirmed_at: participant.confirmed_at,
    },
    qr_code_url: participant.qr_code_url,
    participant,
  };
}

/**
 * POST /api/simple-confirm/: a participant confirms their own attendance. The id in the body must be
 * the caller's own; nobody can confirm someone else this way.
 */
export async function simpleConfirm(
  db: Db,
  actor: ParticipantActor,
  params: { participantId: number; confirm: boolean; qrUrlFor: QrUrlFor; ip: string },
): Promise<TSelfConfirmResult> {
  if (params.participantId !== actor.participantId) throw new AppError('forbidden', messages.confirmOwnOnly);
  if (!params.confirm) throw new AppError('bad_request', messages.confirmationIrreversible);
  return confirmAndDescribe(db, actor.eventId, actor.participantId, params.qrUrlFor, params.ip);
}

/**
 * POST /api/participants/confirm-attendance-direct/: the fallback with the event code and unique
 * code. Public, so it shares the guessing budget of participant sign-in.
 */
export async function confirmAttendanceDirect(
  db: Db,
  params: { eventCode: string; uniqueCode: string; meta: ClientMeta; qrUrlFor: QrUrlFor; guard: Guard },
): Promise<TSelfConfirmResult> {
  const { participant, event } = await checkParticipantCode(db, { ...params, purpose: 'confirm-direct' });
  return confirmAndDescribe(db, event.id, participant.id, params.qrUrlFor, params.meta.ip);
}
