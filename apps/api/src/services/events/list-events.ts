import { and, desc, eq, gt, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { TEvent } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import type { Actor } from '../../lib/tokens';
import { eventWithCounts, serializeEvent } from './serialize-event';

export type ListEventsParams = {
  page: number;
  pageSize: number;
  search?: string;
  isActive?: boolean;
  status?: 'upcoming' | 'active' | 'completed';
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of events, newest start first. Staff see every event; a participant only their own.
 * `search` matches name, description, location and event code, case-insensitively.
 */
export async function listEvents(
  db: DbOrTx,
  actor: Actor,
  params: ListEventsParams,
): Promise<{ count: number; results: TEvent[] }> {
  const now = new Date();
  const where: SQL[] = [];
  if (actor.kind === 'participant') where.push(eq(events.id, actor.eventId));
  if (params.search) {
    const p = likePattern(params.search);
    const match = or(
      ilike(events.name, p),
      ilike(events.description, p),
      ilike(events.location, p),
      ilike(events.eventCode, p),
    );
    if (match) where.push(match);
  }
  if (params.isActive !== undefined) where.push(eq(events.isActive, params.isActive));
  if (params.status === 'completed') where.push(lt(events.endDate, now));
  if (params.status === 'active')
    where.push(and(lte(events.startDate, now), gte(events.endDate, now)) as SQL);
  if (params.status === 'upcoming') where.push(gt(events.startDate, now));
  const filter = where.length ? and(...where) : undefined;

  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(filter);
  const rows = await db
    .select(eventWithCounts)
    .from(events)
    .where(filter)
    .orderBy(desc(events.startDate), desc(events.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return { count: total?.n ?? 0, results: rows.map((r) => serializeEvent(r, now)) };
}
