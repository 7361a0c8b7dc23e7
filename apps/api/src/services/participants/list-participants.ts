import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  TParticipantPage,
  TParticipantStats,
  ZParticipantFilters,
  ZParticipantListQuery,
} from '@attend/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import type { QrUrlFor } from '../auth/login-participant';
import { requireEventExists } from './scope';
import { toParticipant } from './serialize';

export type ParticipantFilters = z.output<typeof ZParticipantFilters>;
export type ParticipantListQuery = z.output<typeof ZParticipantListQuery>;

/** LIKE pattern matching `term` anywhere, with its own % _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE clause of every participant listing: the event, then the search box (name, e-mail, phone,
 * organisation; case-insensitive substring, served by the pg_trgm GIN indexes) and the filters.
 */
export function participantWhere(eventId: number, filters: ParticipantFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(participants.eventId, eventId)];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(
        ilike(participants.fullName, pattern),
        ilike(participants.email, pattern),
        ilike(participants.phone, pattern),
        ilike(participants.organization, pattern),
      ),
    );
  }
  if (filters.confirmed !== undefined)
    conditions.push(eq(participants.confirmedAttendance, filters.confirmed));
  if (filters.notification_sent !== undefined) {
    conditions.push(eq(participants.notificationSent, filters.notification_sent));
  }
  return and(...conditions) ?? sql`true`;
}

const orderColumns = {
  full_name: participants.fullName,
  email: participants.email,
  username: participants.username,
  organization: participants.organization,
  created_at: participants.createdAt,
  updated_at: participants.updatedAt,
  confirmed_at: participants.confirmedAt,
  notification_sent_at: participants.notificationSentAt,
  id: participants.id,
} as const;

function orderBy(ordering: string | undefined): SQL[] {
  const descending = ordering?.startsWith('-') ?? false;
  const key = (ordering?.replace(/^-/, '') || 'full_name') as keyof typeof orderColumns;
  const column = orderColumns[key] ?? participants.fullName;
  const direction = descending ? desc : asc;
  // The id breaks ties so pages never repeat or skip a participant.
  return key === 'id' ? [direction(column)] : [direction(column), direction(participants.id)];
}

/** `next` and `previous`: the request's own path and query with the neighbouring page. */
export function pageLinks(requestUrl: string, page: number, pageSize: number, total: number) {
  const url = new URL(requestUrl, 'http://x');
  const link = (p: number) => {
    url.searchParams.set('page', String(p));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  const last = Math.max(1, Math.ceil(total / pageSize));
  return {
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
  };
}

/** One page of the event's participants (document 2 §2 participants page). */
export async function listParticipants(
  db: DbOrTx,
  params: { eventId: number; query: ParticipantListQuery; requestUrl: string; qrUrlFor: QrUrlFor },
): Promise<TParticipantPage> {
  const { eventId, query } = params;
  await requireEventExists(db, eventId);
  const where = participantWhere(eventId, query);
  const [total] = await db.select({ n: count() }).from(participants).where(where);
  const rows = await db
    .select()
    .from(participants)
    .where(where)
    .orderBy(...orderBy(query.ordering))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const n = total?.n ?? 0;
  return {
    count: n,
    ...pageLinks(params.requestUrl, query.page, query.page_size, n),
    results: rows.map((r) => toParticipant(r, params.qrUrlFor)),
  };
}

/** Every matching id, for the selection helpers (select all, not notified, not confirmed). */
export async function listParticipantIds(
  db: DbOrTx,
  params: { eventId: number; filters: ParticipantFilters },
): Promise<{ count: number; ids: number[] }> {
  await requireEventExists(db, params.eventId);
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(participantWhere(params.eventId, params.filters))
    .orderBy(asc(participants.id));
  return { count: rows.length, ids: rows.map((r) => r.id) };
}

/** The confirmation panel: total, confirmed, pending, notified. */
export async function participantStats(db: DbOrTx, eventId: number): Promise<TParticipantStats> {
  await requireEventExists(db, eventId);
  const [row] = await db
    .select({
      total: count(),
      confirmed: sql<number>`count(*) filter (where ${participants.confirmedAttendance})`.mapWith(Number),
      notified: sql<number>`count(*) filter (where ${participants.notificationSent})`.mapWith(Number),
    })
    .from(participants)
    .where(eq(participants.eventId, eventId));
  const total = row?.total ?? 0;
  const confirmed = row?.confirmed ?? 0;
  return { total, confirmed, pending: total - confirmed, notification_sent: row?.notified ?? 0 };
}
