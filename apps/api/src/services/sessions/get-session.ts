import type { TSession } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/tokens';
import { requireEvent } from '../events/get-event';
import { selectSession } from './session-rows';

/** GET /api/events/{eventId}/sessions/{sessionId}/: the session must belong to that event. */
export async function getSession(
  db: DbOrTx,
  actor: Actor,
  eventId: number,
  sessionId: number,
): Promise<TSession> {
  await requireEvent(db, actor, eventId);
  return selectSession(db, actor, eventId, sessionId);
}
