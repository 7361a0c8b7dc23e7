import { and, eq } from 'drizzle-orm';
import { messages, type TParticipant } from '@attend/shared';
import type { Db } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { assertAdmin } from '../auth/staff-access';
import { revokeLiveLinks } from '../auth/login-links';
import { revokeSubjectSessions } from '../auth/refresh-tokens';
import { generateUniqueCode } from '../events/generate-codes';
import type { QrUrlFor } from '../qr/qr-url';
import { requireParticipant, violatedUniqueIndex } from './scope';
import { toParticipant } from './serialize';

/**
 * POST /api/events/{eventId}/participants/{id}/reset-code/: a leaked unique code cannot be edited,
 * so staff give the participant a new one. In one transaction the old code stops signing in, and
 * every sign-in and live login link of the participant ends (whoever held the old code may have
 * used it); the caller reloads the revoked sign-ins so access tokens end too. The QR code stays: it
 * is signed over the event and participant ids, not the code. Neither code goes to the audit log.
 */
export async function resetUniqueCode(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; participantId: number; qrUrlFor: QrUrlFor; ip: string },
): Promise<TParticipant> {
  assertAdmin(actor);
  const current = await requireParticipant(db, params.eventId, params.participantId);
  for (let attempt = 0; ; attempt++) {
    let code = generateUniqueCode();
    while (code === current.uniqueCode) code = generateUniqueCode();
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .update(participants)
          .set({ uniqueCode: code, updatedAt: new Date() })
          .where(and(eq(participants.id, current.id), eq(participants.eventId, params.eventId)))
          .returning();
        if (!row) throw new AppError('not_found', messages.participantNotFound);
        const links = await revokeLiveLinks(tx, row.id);
        const sessions = await revokeSubjectSessions(tx, { participantId: row.id });
        await audit(tx, {
          action: 'participant.reset_code',
          actor,
          eventId: params.eventId,
          targetType: 'participant',
          targetId: row.id,
          ip: params.ip,
          details: { links: links.length, sessions },
        });
        return toParticipant(row, params.qrUrlFor);
      });
    } catch (err) {
      // Another participant of the event drew the same code (unique per event): draw again.
      if (violatedUniqueIndex(err) === 'participants_event_code_uq' && attempt < 5) continue;
      throw err;
    }
  }
}
