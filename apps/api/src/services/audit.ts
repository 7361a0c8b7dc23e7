import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { Actor } from '../lib/tokens';

export type AuditEntry = {
  action: string;
  actor?: Actor | null;
  eventId?: number | null;
  targetType?: string;
  targetId?: number;
  ip?: string;
  details?: Record<string, unknown>;
};

/** Records who did what; never stores secrets (tokens, passwords, codes). */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? null;
  await db.insert(auditLog).values({
    action: entry.action,
    actorType: actor ? actor.kind : 'anonymous',
    actorId: actor ? (actor.kind === 'staff' ? actor.staffId : actor.participantId) : null,
    eventId: entry.eventId ?? (actor?.kind === 'participant' ? actor.eventId : null),
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: entry.ip ?? '',
    details: entry.details ?? null,
  });
}
