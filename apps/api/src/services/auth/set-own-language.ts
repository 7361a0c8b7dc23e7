import { and, eq } from 'drizzle-orm';
import type { TLanguage } from '@attend/shared';
import type { Db } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ParticipantActor } from '../../lib/tokens';

/**
 * A participant sets the language of their own screens and messages. Only the signed-in
 * participant's row is written: there is no id to point at anyone else.
 */
export async function setOwnLanguage(db: Db, actor: ParticipantActor, language: TLanguage): Promise<void> {
  const updated = await db
    .update(participants)
    .set({ language, updatedAt: new Date() })
    .where(and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId)))
    .returning({ id: participants.id });
  // Deleted since signing in: the same answer as GET /api/accounts/me/ gives.
  if (updated.length === 0) throw new AppError('token_not_valid', 'User not found');
}
