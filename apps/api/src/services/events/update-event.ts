import { eq } from 'drizzle-orm';
import {
  DEFAULT_CERTIFICATE_RULES,
  eventImageUrl,
  messages,
  placeDateTime,
  readTagDesign,
  type TEventDetail,
  type TEventUpdateParsed,
} from '@attend/shared';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { defaultCountry } from './create-event';
import { removeEventImage } from './event-image';
import { getEvent } from './get-event';

/**
 * PATCH /api/events/{id}/: changes only the fields sent; the start may not fall after the end. A date
 * without an offset is a wall-clock time in the zone sent with it, else in the event's stored zone.
 */
export async function updateEvent(
  db: Db,
  actor: StaffActor,
  eventId: number,
  input: TEventUpdateParsed,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
    if (!current) throw new AppError('not_found', messages.eventNotFound);
    const zone = input.time_zone ?? current.timeZone;
    const newStart = input.start_date && placeDateTime(input.start_date, zone);
    const newEnd = input.end_date && placeDateTime(input.end_date, zone);
    const start = newStart ?? current.startDate;
    const end = newEnd ?? current.endDate;
    if (start.getTime() > end.getTime()) {
      throw new AppError('validation_error', messages.startDateAfterEndDate, {
        errors: { start_date: [messages.startDateAfterEndDate] },
      });
    }
    const set: Partial<typeof events.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description ?? '';
    if (newStart !== undefined) set.startDate = newStart;
    if (newEnd !== undefined) set.endDate = newEnd;
    if (input.location !== undefined) set.location = input.location;
    if (input.is_active !== undefined) set.isActive = input.is_active;
    if (input.logo !== undefined) set.logo = input.logo;
    if (input.image !== undefined) set.image = input.image;
    if (input.primary_color !== undefined) set.primaryColor = input.primary_color;
    if (input.secondary_color !== undefined) set.secondaryColor = input.secondary_color;
    if (input.accent_color !== undefined) set.accentColor = input.accent_color;
    if (input.tag_background_color !== undefined) set.tagBackgroundColor = input.tag_background_color;
    if (input.tag_text_color !== undefined) set.tagTextColor = input.tag_text_color;
    // A partial design changes the keys sent; null restores the defaults (colours and image stay).
    if (input.tag_design === null) set.tagDesign = null;
    else if (input.tag_design) {
      const change = input.tag_design;
      set.tagDesign = { ...readTagDesign(current.tagDesign), ...change.design };
      const c = change.colours;
      if (c.primary_color !== undefined) set.primaryColor = c.primary_color;
      if (c.secondary_color !== undefined) set.secondaryColor = c.secondary_color;
      if (c.accent_color !== undefined) set.accentColor = c.accent_color;
      if (c.tag_background_color !== undefined) set.tagBackgroundColor = c.tag_background_color;
      if (c.tag_text_color !== undefined) set.tagTextColor = c.tag_text_color;
      // imageUrl names the event's own upload (sending it back changes nothing) or null to remove it.
      if (change.image_url === null) await removeEventImage(tx, eventId);
      else if (
        change.image_url !== undefined &&
        (!current.imageHash || change.image_url !== eventImageUrl(eventId, current.imageHash))
      ) {
        throw new AppError('validation_error', messages.tagImageUrl, {
          errors: { tag_design: [messages.tagImageUrl] },
        });
      }
    }
    if (input.event_notes !== undefined) set.eventNotes = input.event_notes || null;
    if (input.group_chat_url !== undefined) set.groupChatUrl = input.group_chat_url || null;
    if (input.support_contact !== undefined) set.supportContact = input.support_contact || null;
    if (input.dsa_sessions_per_day !== undefined) set.dsaSessionsPerDay = input.dsa_sessions_per_day;
    if (input.time_zone !== undefined) set.timeZone = input.time_zone;
    // A changed zone leaves the country as staff set it; only a country sent changes it.
    if (input.default_country !== undefined) set.defaultCountry = defaultCountry(input.default_country, zone);
    if (input.allow_walk_ins_by_scanners !== undefined)
      set.allowWalkInsByScanners = input.allow_walk_ins_by_scanners;
    if (input.print_badge_on_check_in !== undefined) set.printBadgeOnCheckIn = input.print_badge_on_check_in;
    // The rules are one set: a rule left out is not required.
    if (input.certificate_rules === null) set.certificateRules = null;
    else if (input.certificate_rules)
      set.certificateRules = { ...DEFAULT_CERTIFICATE_RULES, ...input.certificate_rules };
    // A partial design changes the keys sent; null restores the defaults (the signature image stays).
    if (input.certificate_design !== undefined) {
      const stored = (current.certificateDesign ?? {}) as Record<string, unknown>;
      set.certificateDesign =
        input.certificate_design === null
          ? { signature_hash: stored.signature_hash ?? null }
          : { ...stored, ...input.certificate_design };
    }
    await tx.update(events).set(set).where(eq(events.id, eventId));
    await audit(tx, {
      action: 'event.update',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
      details: {
        fields: Object.keys(input).filter((k) => input[k as keyof TEventUpdateParsed] !== undefined),
      },
    });
  });
  return getEvent(db, actor, eventId);
}
