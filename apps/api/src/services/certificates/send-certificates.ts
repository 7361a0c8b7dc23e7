import { and, eq, isNull, sql } from 'drizzle-orm';
import { type TCertificateSendResult } from '@attend/shared';
import type { Db } from '../../db/client';
import { certificates, outgoingMessages, participants } from '../../db/schema';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { assertAdmin } from '../auth/staff-access';
import { OUTBOX_CHANNEL } from '../notifications/outbox-channel';
import { emailAddress } from '../notifications/send-notifications';
import { requireEventRow } from '../check-in/event-scope';

/** The outbox kind of a certificate e-mail: `certificate:{certificate id}`. */
export const CERTIFICATE_KIND = 'certificate';

const BATCH = 500;

/**
 * POST /api/events/{eventId}/certificates/send/: queues, through the outbox, an e-mail to every
 * holder of a certificate that is not withdrawn, in their language, with a link to download it.
 * Holders without a valid address are counted, not queued.
 */
export async function sendCertificates(
  db: Db,
  actor: StaffActor,
  eventId: number,
): Promise<TCertificateSendResult> {
  assertAdmin(actor);
  await requireEventRow(db, eventId);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: certificates.id, participantId: certificates.participantId, email: participants.email })
      .from(certificates)
      .innerJoin(participants, eq(participants.id, certificates.participantId))
      .where(and(eq(certificates.eventId, eventId), isNull(certificates.withdrawnAt)));
    const queue: (typeof outgoingMessages.$inferInsert)[] = [];
    let noEmail = 0;
    for (const r of rows) {
      const to = emailAddress(r.email);
      if (!to) {
        noEmail++;
        continue;
      }
      queue.push({
        eventId,
        participantId: r.participantId,
        channel: 'email',
        kind: `${CERTIFICATE_KIND}:${r.id}`,
        recipient: to,
        body: '',
      });
    }
    for (let i = 0; i < queue.length; i += BATCH)
      await tx.insert(outgoingMessages).values(queue.slice(i, i + BATCH));
    if (queue.length) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    await audit(tx, {
      action: 'certificates.send',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      details: { queued: queue.length, no_email: noEmail },
    });
    return { queued: queue.length, no_email: noEmail };
  });
}
