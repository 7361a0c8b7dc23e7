import { sql } from 'drizzle-orm';
import {
  certificateDesignResponse,
  defaultEventNotes,
  readCertificateRules,
  displayStatus,
  eventImageUrl,
  readTagDesign,
  tagDesignResponse,
  type TEvent,
  type TEventDetail,
} from '@attend/shared';
import { events } from '../../db/schema';

type EventRow = typeof events.$inferSelect;

/**
 * Where an event's logo is served: the content hash in the path makes the URL name one image for
 * ever (cached as immutable) and unguessable without reading the event.
 */
export function eventLogoUrl(eventId: number, hash: string): string {
  return `/api/events/${eventId}/logo/${hash}/`;
}

/** Columns of an event row plus the counts every event JSON carries. */
export const eventWithCounts = {
  e: events,
  participantsCount: sql<number>`(select count(*) from participants p where p.event_id = events.id)::int`,
  sessionsCount: sql<number>`(select count(*) from sessions s where s.event_id = events.id)::int`,
};

/** The stats grid of the event detail page: confirmed participants and main-event check-ins. */
export const eventDetailCounts = {
  confirmedCount: sql<number>`(select count(*) from participants p
    where p.event_id = events.id and p.confirmed_attendance)::int`,
  checkInsCount: sql<number>`(select count(*) from check_ins c
    where c.event_id = events.id and c.session_id is null)::int`,
};

/** An event as the API returns it; signing keys and internal columns never leave the server. */
export function serializeEvent(
  row: { e: EventRow; participantsCount: number; sessionsCount: number },
  now = new Date(),
): TEvent {
  const e = row.e;
  return {
    id: e.id,
    name: e.name,
    title: e.name,
    description: e.description,
    start_date: e.startDate.toISOString(),
    end_date: e.endDate.toISOString(),
    location: e.location,
    is_active: e.isActive,
    event_code: e.eventCode,
    logo: e.logo,
    image: e.image,
    primary_color: e.primaryColor,
    secondary_color: e.secondaryColor,
    accent_color: e.accentColor,
    tag_background_color: e.tagBackgroundColor,
    tag_text_color: e.tagTextColor,
    tag_design: tagDesignResponse(
      readTagDesign(e.tagDesign),
      {
        primary: e.primaryColor,
        secondary: e.secondaryColor,
        accent: e.accentColor,
        background: e.tagBackgroundColor,
        text: e.tagTextColor,
      },
      e.imageHash ? eventImageUrl(e.id, e.imageHash) : null,
    ),
    logo_url: e.logoHash ? eventLogoUrl(e.id, e.logoHash) : null,
    event_notes: e.eventNotes ?? defaultEventNotes(e.dsaSessionsPerDay),
    group_chat_url: e.groupChatUrl,
    support_contact: e.supportContact,
    dsa_sessions_per_day: e.dsaSessionsPerDay,
    allow_walk_ins_by_scanners: e.allowWalkInsByScanners,
    print_badge_on_check_in: e.printBadgeOnCheckIn,
    certificate_rules: readCertificateRules(e.certificateRules),
    certificate_design: certificateDesignResponse(e.id, e.certificateDesign),
    time_zone: e.timeZone,
    default_country: e.defaultCountry,
    status: displayStatus({ start: e.startDate, end: e.endDate }, now),
    participants_count: row.participantsCount,
    sessions_count: row.sessionsCount,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function serializeEventDetail(row: {
  e: EventRow;
  participantsCount: number;
  sessionsCount: number;
  confirmedCount: number;
  checkInsCount: number;
}): TEventDetail {
  return { ...serializeEvent(row), confirmed_count: row.confirmedCount, check_ins_count: row.checkInsCount };
}
