import { and, eq } from 'drizzle-orm';
import { messages, normalizeCode } from '@attend/shared';
import type { Db } from '../../db/client';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ClientMeta } from '../../lib/request-meta';
import { audit } from '../audit';
import { LOGIN_LIMITS, assertNotLimited, recordHits, type Limit } from './rate-limit';

/** The public calls that take an event code and a unique code; each counts its failures apart. */
export type CodeCheckPurpose = 'participant-login' | 'confirm-direct';

const FAILED_ACTION: Record<CodeCheckPurpose, string> = {
  'participant-login': 'participant.login_failed',
  'confirm-direct': 'participant.confirm_direct_failed',
};

/**
 * Finds the participant an event code and unique code name, rate-limited per address and per event
 * code: a client over its limit is refused before the lookup, and every miss counts against it.
 */
export async function checkParticipantCode(
  db: Db,
  params: { eventCode: string; uniqueCode: string; meta: ClientMeta; purpose: CodeCheckPurpose },
) {
  const eventCode = normalizeCode(params.eventCode);
  const uniqueCode = normalizeCode(params.uniqueCode);
  const limits: Limit[] = [
    { key: `${params.purpose}:ip:${params.meta.ip}`, ...LOGIN_LIMITS.perAddress },
    { key: `${params.purpose}:event:${eventCode}`, ...LOGIN_LIMITS.perEventCode },
  ];
  await assertNotLimited(db, limits);
  const [row] = await db
    .select({ p: participants, e: { id: events.id, eventCode: events.eventCode, name: events.name } })
    .from(participants)
    .innerJoin(events, eq(events.id, participants.eventId))
    .where(and(eq(events.eventCode, eventCode), eq(participants.uniqueCode, uniqueCode)));
  if (!row) {
    await recordHits(db, limits);
    await audit(db, {
      action: FAILED_ACTION[params.purpose],
      ip: params.meta.ip,
      details: { event_code: eventCode },
    });
    throw new AppError('invalid_credentials', messages.invalidParticipantCredentials);
  }
  return { participant: row.p, event: row.e };
}
