import {
  DEFAULT_TIME_ZONE,
  messages,
  readTagDesign,
  type TEventCreateParsed,
  type TEventDetail,
} from '@attend/shared';
import { countryOfTimeZone, phoneCountry } from '@attend/shared/phone';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { generateEventCode } from './generate-codes';
import { getEvent } from './get-event';

const CODE_ATTEMPTS = 20;

/**
 * The event's phone country: the one sent ('' for none), or absent, the time zone's country
 * (Africa/Nairobi KE); refused when libphonenumber does not know its numbering plan.
 */
export function defaultCountry(sent: string | undefined, timeZone: string): string {
  if (sent === undefined) return countryOfTimeZone(timeZone);
  if (sent === '') return '';
  const country = phoneCountry(sent);
  if (!country) {
    throw new AppError('validation_error', messages.invalidCountry, {
      errors: { default_country: [messages.invalidCountry] },
    });
  }
  return country;
}

/**
 * Creates an event with a fresh event code. Codes are random; a collision with an existing code
 * is skipped by the unique index (ON CONFLICT DO NOTHING) and another code is drawn.
 */
export async function createEvent(
  db: Db,
  actor: StaffActor,
  input: TEventCreateParsed,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  // A new event has no uploaded image yet: a design may only say it has none.
  if (input.tag_design?.image_url) {
    throw new AppError('validation_error', messages.tagImageUrl, {
      errors: { tag_design: [messages.tagImageUrl] },
    });
  }
  const colours = input.tag_design?.colours ?? {};
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(events)
      .values({
        name: input.name,
        description: input.description,
        startDate: input.start_date,
        endDate: input.end_date,
        location: input.location,
        isActive: input.is_active ?? true,
        eventCode: generateEventCode(),
        logo: input.logo ?? null,
        image: input.image ?? null,
        primaryColor: input.primary_color ?? colours.primary_color,
        secondaryColor: input.secondary_color ?? colours.secondary_color,
        accentColor: input.accent_color ?? colours.accent_color,
        tagBackgroundColor: input.tag_background_color ?? colours.tag_background_color,
        tagTextColor: input.tag_text_color ?? colours.tag_text_color,
        tagDesign: input.tag_design ? { ...readTagDesign(null), ...input.tag_design.design } : null,
        eventNotes: input.event_notes || null,
        groupChatUrl: input.group_chat_url || null,
        supportContact: input.support_contact || null,
        dsaSessionsPerDay: input.dsa_sessions_per_day,
        allowWalkInsByScanners: input.allow_walk_ins_by_scanners,
        printBadgeOnCheckIn: input.print_badge_on_check_in,
        certificateRules: input.certificate_rules ?? null,
        certificateDesign: input.certificate_design ?? null,
        timeZone: input.time_zone ?? DEFAULT_TIME_ZONE,
        defaultCountry: defaultCountry(input.default_country, input.time_zone ?? DEFAULT_TIME_ZONE),
        createdBy: actor.staffId,
      })
      .onConflictDoNothing({ target: events.eventCode })
      .returning({ id: events.id });
    if (row) {
      await audit(db, {
        action: 'event.create',
        actor,
        eventId: row.id,
        targetType: 'event',
        targetId: row.id,
        ip: meta.ip,
      });
      return getEvent(db, actor, row.id);
    }
  }
  throw new AppError('internal_error', 'Could not allocate an event code.');
}
