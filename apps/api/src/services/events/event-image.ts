import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages, type TEventDetail } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { eventImages, events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { inspectLogo, MIME } from './event-logo';
import { getEvent } from './get-event';

/**
 * POST /api/events/{id}/image/: stores the tag design's image (replacing any earlier one) after the
 * logo's checks (type by content, size, pixels, whole file, bounded PNG data) and answers the event,
 * whose `tag_design.imageUrl` names it.
 */
export async function setEventImage(
  db: Db,
  actor: StaffActor,
  eventId: number,
  data: Buffer,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  const image = inspectLogo(data, 'image');
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  await db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ imageHash: hash, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning({ id: events.id });
    if (!event) throw new AppError('not_found', messages.eventNotFound);
    const row = {
      content: data,
      mimeType: MIME[image.type],
      hash,
      width: image.width,
      height: image.height,
      updatedAt: new Date(),
    };
    await tx
      .insert(eventImages)
      .values({ eventId, ...row })
      .onConflictDoUpdate({ target: eventImages.eventId, set: row });
    await audit(tx, {
      action: 'event.image_set',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
      details: { type: image.type, bytes: data.length, width: image.width, height: image.height },
    });
  });
  return getEvent(db, actor, eventId);
}

/** Removes the event's image inside `tx` (the caller audits and locks the event). */
export async function removeEventImage(tx: DbOrTx, eventId: number): Promise<void> {
  await tx.update(events).set({ imageHash: null, updatedAt: new Date() }).where(eq(events.id, eventId));
  await tx.delete(eventImages).where(eq(eventImages.eventId, eventId));
}

/** DELETE /api/events/{id}/image/: the event has no image afterwards (deleting none is not an error). */
export async function deleteEventImage(
  db: Db,
  actor: StaffActor,
  eventId: number,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    if (!event) throw new AppError('not_found', messages.eventNotFound);
    await removeEventImage(tx, eventId);
    await audit(tx, {
      action: 'event.image_deleted',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
    });
  });
  return getEvent(db, actor, eventId);
}

/** The image the URL names (its event and content hash), or 404. */
export async function readEventImage(
  db: DbOrTx,
  eventId: number,
  hash: string,
): Promise<{ content: Buffer; mimeType: string }> {
  const [row] = await db
    .select({ content: eventImages.content, mimeType: eventImages.mimeType })
    .from(eventImages)
    .where(and(eq(eventImages.eventId, eventId), eq(eventImages.hash, hash)));
  if (!row) throw new AppError('not_found', messages.imageNotFound);
  return row;
}
