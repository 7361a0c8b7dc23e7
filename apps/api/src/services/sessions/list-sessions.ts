import { and, eq, type SQL } from 'drizzle-orm';
import type { TSession } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Actor } from '../../lib/tokens';
import { requireEvent } from '../events/get-event';
import { selectSessions } from './session-rows';

/**
 * GET /api/events/{eventId}/sessions/: every session and sub-session of the event by start time
 * (the client nests sub-sessions under their parent), or only the sub-sessions of `parentSession`.
 */
export async function listSessions(
  db: DbOrTx,
  actor: Actor,
  eventId: number,
  filter: { parentSession?: number } = {},
): Promise<TSession[]> {
  await requireEvent(db, actor, eventId);
  const where: SQL[] = [eq(sessions.eventId, eventId)];
  if (filter.parentSession !== undefined) where.push(eq(sessions.parentSessionId, filter.parentSession));
  return selectSessions(db, and(...where) as SQL, actor.kind === 'participant' ? actor.participantId : null);
}
