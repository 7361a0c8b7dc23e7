import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages, type TLanguage } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { events, participants, sessionRegistrations, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken, type ParticipantActor, type StaffActor } from '../../lib/tokens';
import { assertEventAccess } from '../auth/staff-access';
import { evaluateWithinBudget, GUESSING, networkOf, type Budget, type Guard } from '../auth/rate-limit';
import { requireEvent } from '../events/get-event';
import { buildIcs, type IcsEvent } from './ics';

export type CalendarFile = { filename: string; body: string };

/** Where the calendar's texts come from: the host names the UIDs, the language the labels. */
export type CalendarContext = { publicUrl: string; language: TLanguage; now?: Date };

/** The labels of the description's extra lines (French: a narrow no-break space before the colon). */
const LABELS: Record<TLanguage, { speakers: string; bring: string }> = {
  en: { speakers: 'Speakers:', bring: 'What to bring:' },
  fr: { speakers: 'Intervenants\u202f:', bring: 'À apporter\u202f:' },
  sw: { speakers: 'Wazungumzaji:', bring: 'Vitu vya kuleta:' },
};

/** 24 random bytes: 192 bits, 32 characters of base64url. */
const TOKEN_BYTES = 24;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const parent = alias(sessions, 'parent');

type EventRow = { id: number; name: string; eventCode: string; timeZone: string };

async function sessionEvents(db: DbOrTx, where: SQL, ctx: CalendarContext, registeredBy: number | null) {
  const base = db
    .select({ s: sessions, parentName: parent.name })
    .from(sessions)
    .leftJoin(parent, eq(parent.id, sessions.parentSessionId));
  const query =
    registeredBy === null
      ? base.where(where)
      : base
          .innerJoin(
            sessionRegistrations,
            and(
              eq(sessionRegistrations.sessionId, sessions.id),
              eq(sessionRegistrations.participantId, registeredBy),
            ),
          )
          .where(where);
  const rows = await query.orderBy(asc(sessions.startTime), asc(sessions.id));
  const host = new URL(ctx.publicUrl).hostname;
  const labels = LABELS[ctx.language];
  return rows.map(({ s, parentName }): IcsEvent => {
    const description = [
      s.description,
      s.speakers && `${labels.speakers} ${s.speakers}`,
      s.whatToBring && `${labels.bring} ${s.whatToBring}`,
    ].filter(Boolean);
    return {
      uid: `session-${s.id}@${host}`,
      start: s.startTime,
      end: s.endTime,
      // A sub-session is named with its group: "Workshops — Group A".
      summary: parentName ? `${parentName} — ${s.name}` : s.name,
      location: s.location,
      description: description.join('\n\n'),
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    };
  });
}

function calendarOf(event: EventRow, list: IcsEvent[], ctx: CalendarContext, filename: string): CalendarFile {
  const body = buildIcs({
    name: event.name,
    timeZone: event.timeZone,
    events: list,
    now: ctx.now ?? new Date(),
  });
  return { filename, body };
}

/** The participant's registered sessions (for a group, the sub-session chosen) of their event. */
async function participantCalendar(
  db: DbOrTx,
  participant: { id: number; eventId: number },
  ctx: CalendarContext,
): Promise<CalendarFile> {
  const [event] = await db
    .select({ id: events.id, name: events.name, eventCode: events.eventCode, timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, participant.eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const list = await sessionEvents(db, eq(sessions.eventId, event.id), ctx, participant.id);
  return calendarOf(event, list, ctx, `my-sessions-${event.eventCode}.ics`);
}

async function participantLanguage(db: DbOrTx, actor: ParticipantActor) {
  const [row] = await db
    .select({ language: participants.language })
    .from(participants)
    .where(and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId)));
  if (!row) throw new AppError('not_found', messages.participantNotFound);
  return row.language;
}

/** GET /api/participants/me/calendar.ics: the signed-in participant's sessions as iCalendar. */
export async function myCalendar(
  db: DbOrTx,
  actor: ParticipantActor,
  ctx: Omit<CalendarContext, 'language'>,
): Promise<CalendarFile> {
  const language = await participantLanguage(db, actor);
  return participantCalendar(db, { id: actor.participantId, eventId: actor.eventId }, { ...ctx, language });
}

/** The subscription URL of a token: webcal:// on the public host (calendar apps open it). */
export function subscriptionUrl(publicUrl: string, token: string): string {
  const base = publicUrl.replace(/\/+$/, '').replace(/^https?:\/\//, 'webcal://');
  return `${base}/api/calendar/${token}.ics`;
}

/**
 * GET /api/participants/me/calendar/: the participant's private subscription URL, its token made
 * on the first ask (crypto random, 192 bits) and kept until Sign out everywhere clears it.
 */
export async function myCalendarSubscription(
  db: DbOrTx,
  actor: ParticipantActor,
  publicUrl: string,
): Promise<{ url: string }> {
  const mine = and(eq(participants.id, actor.participantId), eq(participants.eventId, actor.eventId));
  const [row] = await db.select({ token: participants.calendarToken }).from(participants).where(mine);
  if (!row) throw new AppError('not_found', messages.participantNotFound);
  let token = row.token;
  if (!token) {
    const fresh = randomToken(TOKEN_BYTES);
    // Two first asks at once both answer the token that was stored first.
    const [made] = await db
      .update(participants)
      .set({ calendarToken: sql`coalesce(${participants.calendarToken}, ${fresh})` })
      .where(mine)
      .returning({ token: participants.calendarToken });
    token = made?.token ?? null;
  }
  if (!token) throw new AppError('not_found', messages.participantNotFound);
  return { url: subscriptionUrl(publicUrl, token) };
}

/**
 * GET /api/calendar/{token}.ics (no sign-in: calendar apps cannot send one): the same calendar as
 * the participant's own download. An unknown or revoked token answers 404. Lookups are counted per
 * network with the sign-in guessing machinery (GUESSING.calendarNetwork).
 */
export async function calendarByToken(
  db: Db,
  token: string,
  params: { ip: string; guard: Guard } & Omit<CalendarContext, 'language'>,
): Promise<CalendarFile> {
  const budget: Budget = {
    ramps: [{ key: `calendar:net:${networkOf(params.ip)}`, ...GUESSING.calendarNetwork }],
  };
  const found = await evaluateWithinBudget(db, budget, params.guard, async (tx) => {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [row] = await tx
      .select({ id: participants.id, eventId: participants.eventId, language: participants.language })
      .from(participants)
      .where(eq(participants.calendarToken, token));
    return row ?? null;
  });
  if (!found) throw new AppError('not_found', messages.calendarLinkInvalid);
  return participantCalendar(db, found, { ...params, language: found.language });
}

/**
 * GET /api/events/{eventId}/sessions/calendar.ics (staff): every session and sub-session of the
 * event as iCalendar.
 */
export async function programmeCalendar(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  ctx: CalendarContext,
): Promise<CalendarFile> {
  await assertEventAccess(db, actor, eventId);
  const event = await requireEvent(db, actor, eventId);
  const list = await sessionEvents(db, eq(sessions.eventId, event.id), ctx, null);
  return calendarOf(event, list, ctx, `programme-${event.eventCode}.ics`);
}
