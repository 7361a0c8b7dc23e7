import { and, eq } from 'drizzle-orm';
import { messages, normalizeCode } from '@attend/shared';
import type { Db } from '../../db/client';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ClientMeta } from '../../lib/request-meta';
import { audit } from '../audit';
import { GUESSING, evaluateWithinBudget, networkOf, type Budget, type Guard } from './rate-limit';

/** The public calls that take an event code and a unique code; they share one guessing budget. */
export type CodeCheckPurpose = 'participant-login' | 'confirm-direct';

const FAILED_ACTION: Record<CodeCheckPurpose, string> = {
  'participant-login': 'participant.login_failed',
  'confirm-direct': 'participant.confirm_direct_failed',
};

/**
 * Finds the participant an event code and unique code name, within the shared guessing budget of
 * the codes (see rate-limit.ts): per network, and per event for the networks that failed there.
 * The lookup runs only once the attempt is admitted, and a miss is counted before it is answered.
 */
export async function checkParticipantCode(
  db: Db,
  params: {
    eventCode: string;
    uniqueCode: string;
    meta: ClientMeta;
    purpose: CodeCheckPurpose;
    guard: Guard;
  },
) {
  const eventCode = normalizeCode(params.eventCode);
  const uniqueCode = normalizeCode(params.uniqueCode);
  const net = networkOf(params.meta.ip);
  const budget: Budget = {
    ramps: [{ key: `code:net:${net}`, ...GUESSING.codeNetwork }],
    gated: {
      marker: `code:net-event:${net}:${eventCode}`,
      ramp: { key: `code:event:${eventCode}`, ...GUESSING.codeEvent },
    },
  };
  const row = await evaluateWithinBudget(db, budget, params.guard, async (tx) => {
    const find = async (event: string, unique: string) => {
      const [found] = await tx
        .select({ p: participants, e: { id: events.id, eventCode: events.eventCode, name: events.name } })
        .from(participants)
        .innerJoin(events, eq(events.id, participants.eventId))
        .where(and(eq(events.eventCode, event), eq(participants.uniqueCode, unique)));
      return found ?? null;
    };
    // The login e-mail says "Event code" where the form says "Participant Code", so people swap the
    // two fields. Event codes are unique and unique codes are unique per event, so each order names
    // at most one participant: the swapped order is tried only when the straight one names nobody,
    // within the same admitted attempt (one attempt still counts once).
    return (
      (await find(eventCode, uniqueCode)) ??
      (eventCode === uniqueCode ? null : await find(uniqueCode, eventCode))
    );
  });
  if (!row) {
    await audit(db, {
      action: FAILED_ACTION[params.purpose],
      ip: params.meta.ip,
      details: { event_code: eventCode },
    });
    throw new AppError('invalid_credentials', messages.invalidParticipantCredentials);
  }
  return { participant: row.p, event: row.e };
}
