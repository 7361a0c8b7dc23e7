import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
  type Subquery,
} from 'drizzle-orm';
import type {
  TParticipantPage,
  TParticipantStats,
  ZParticipantFilters,
  ZParticipantListQuery,
} from '@attend/shared';
import type { z } from 'zod';
import { backToBack, type DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import type { QrUrlFor } from '../qr/qr-url';
import { requireEventExists } from './scope';
import { toParticipant, type ParticipantRow } from './serialize';

export type ParticipantFilters = z.output<typeof ZParticipantFilters>;
export type ParticipantListQuery = z.output<typeof ZParticipantListQuery>;

/** LIKE pattern matching `term` anywhere, with its own % _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Searches count their matches exactly up to this many, then answer "more than" it. */
export const SEARCH_COUNT_BOUND = 1000;

/**
 * Entries of the event's name index a broad search in name order reads for its page before it sorts
 * its matches instead. The index carries the search text, so the walk reads no table row: 5,000
 * entries cost about as much as sorting 1,000 matches, and hold page 1 of a term spread over 1 % or
 * more of the event.
 */
const WALK_ROWS = 5000;

/**
 * The search box and the filters. The search is a case-insensitive substring of name, e-mail, phone
 * or organisation: LIKE on their stored, lower-cased joined text (one pg_trgm GIN index serves it);
 * lower() of the pattern is the same folding ILIKE does.
 */
function filterConditions(filters: ParticipantFilters): SQL[] {
  const t = participants;
  const conditions: SQL[] = [];
  if (filters.search) conditions.push(sql`${t.searchText} like lower(${containsPattern(filters.search)})`);
  if (filters.confirmed !== undefined) conditions.push(eq(t.confirmedAttendance, filters.confirmed));
  if (filters.notification_status !== undefined) {
    conditions.push(eq(t.notificationStatus, filters.notification_status));
  }
  if (filters.notification_sent !== undefined) {
    conditions.push(eq(t.notificationSent, filters.notification_sent));
  }
  return conditions;
}

/** The WHERE clause of every participant listing: the event, then the search box and the filters. */
export function participantWhere(eventId: number, filters: ParticipantFilters): SQL {
  return and(eq(participants.eventId, eventId), ...filterConditions(filters)) ?? sql`true`;
}

const isNameOrdering = (ordering: string | undefined) =>
  (ordering?.replace(/^-/, '') || 'full_name') === 'full_name';

const directionOf = (ordering: string | undefined) => (ordering?.startsWith('-') ? desc : asc);

/** The column `ordering` sorts by before the id (the id itself when it sorts by id). */
function sortColumn(ordering: string | undefined): AnyColumn {
  const key = ordering?.replace(/^-/, '') || 'full_name';
  const columns: Record<string, AnyColumn> = {
    full_name: participants.fullName,
    email: participants.email,
    username: participants.username,
    organization: participants.organization,
    created_at: participants.createdAt,
    updated_at: participants.updatedAt,
    confirmed_at: participants.confirmedAt,
    notification_sent_at: participants.notificationSentAt,
    id: participants.id,
  };
  return columns[key] ?? participants.fullName;
}

/** ORDER BY for `ordering`; the id breaks ties so pages never repeat or skip a participant. */
function orderBy(ordering: string | undefined): SQL[] {
  const column = sortColumn(ordering);
  const direction = directionOf(ordering);
  return column === participants.id ? [direction(column)] : [direction(column), direction(participants.id)];
}

/** How many rows match, counted up to SEARCH_COUNT_BOUND + 1 (the trigram index finds them). */
export function boundedCountQuery(db: DbOrTx, where: SQL) {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(participants)
    .where(where)
    .limit(SEARCH_COUNT_BOUND + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

type PageOfIds = Subquery & { id: SQLWrapper; key: SQL.Aliased; total: SQL.Aliased<number> };

/** The participants of a page of ids (a subquery with their sort key), in the page's order. */
function rowsOfPage(db: DbOrTx, page: PageOfIds, ordering: string | undefined) {
  const dir = directionOf(ordering);
  return db
    .select({ row: getTableColumns(participants), total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(participants, eq(participants.id, page.id))
    .orderBy(dir(page.key), dir(page.id));
}

/**
 * A page of the matches sorted. `counted`: the matches are the first SEARCH_COUNT_BOUND + 1 found,
 * and `total` says how many there are up to that (a window count), so a narrow term costs one
 * statement; otherwise every match is sorted and none counted (`total` 0). The inner LIMIT keeps the
 * matches apart from the ORDER BY … LIMIT, so the planner finds them through the trigram index
 * instead of walking the name index with the filter (Drizzle drops an OFFSET 0). Only the id and the
 * sort key are sorted; the page's rows are read by id. Exported for the index test.
 */
export function searchPageQuery(
  db: DbOrTx,
  where: SQL,
  ordering: string | undefined,
  limit: number,
  offset: number,
  counted = true,
) {
  const dir = directionOf(ordering);
  const matches = db
    .select({ id: participants.id, key: sql`${sortColumn(ordering)}`.as('sort_key') })
    .from(participants)
    .where(where)
    .limit(counted ? SEARCH_COUNT_BOUND + 1 : 2 ** 31 - 1)
    .as('matches');
  const total = counted ? sql<number>`count(*) over ()` : sql<number>`0`;
  const page = db
    .select({ id: matches.id, key: matches.key, total: total.as('total') })
    .from(matches)
    .orderBy(dir(matches.key), dir(matches.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  return rowsOfPage(db, page, ordering);
}

/**
 * A page of a search in name order among the first WALK_ROWS entries of the event's name index,
 * read from the index alone (it carries the search text) with no sort. Exported for the index test.
 */
export function walkNameOrderQuery(
  db: DbOrTx,
  eventId: number,
  search: string,
  ordering: string | undefined,
  limit: number,
  offset: number,
) {
  const dir = directionOf(ordering);
  const head = db
    .select({
      id: participants.id,
      key: sql`${participants.fullName}`.as('sort_key'),
      searchText: participants.searchText,
    })
    .from(participants)
    .where(eq(participants.eventId, eventId))
    .orderBy(dir(participants.fullName), dir(participants.id))
    .limit(WALK_ROWS)
    .as('head');
  const page = db
    .select({ id: head.id, key: head.key, total: sql<number>`0`.as('total') })
    .from(head)
    .where(sql`${head.searchText} like lower(${containsPattern(search)})`)
    .orderBy(dir(head.key), dir(head.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  return rowsOfPage(db, page, ordering);
}

/**
 * A page of a broad search in name order from walkNameOrderQuery, or null when the first
 * WALK_ROWS entries hold too few matches to be sure of it: the matches may sit further on in the
 * alphabet (a first name), and reading on could cost more than sorting them.
 */
async function walkNameOrder(
  db: DbOrTx,
  eventId: number,
  query: ParticipantListQuery,
  limit: number,
  offset: number,
): Promise<ParticipantRow[] | null> {
  const rows = await walkNameOrderQuery(db, eventId, query.search ?? '', query.ordering, limit, offset);
  // Fewer rows than asked may mean the first WALK_ROWS entries ran out, not the matches.
  return rows.length === limit ? rows.map((r) => r.row) : null;
}

/** Whether a listing filters on more than the search box (the walk reads the search text only). */
const filtersBeyondSearch = (query: ParticipantListQuery) =>
  query.confirmed !== undefined ||
  query.notification_status !== undefined ||
  query.notification_sent !== undefined;

/**
 * The statements of a search page: the page of the matches and their count up to the bound, in one
 * statement (a page past the last match counts apart). Within the bound that is the answer (at most
 * SEARCH_COUNT_BOUND + 1 ids sorted); past it, in name order, the name index is walked with the
 * search, as a broad term soon fills a page there; otherwise, or when the walk falls short, every
 * match is sorted. A page past the bound asks for one row more, which says whether a next page
 * exists.
 */
async function searchPage(
  db: DbOrTx,
  eventId: number,
  query: ParticipantListQuery,
  where: SQL,
  offset: number,
): Promise<{ total: number; rows: ParticipantRow[]; hasNext?: boolean }> {
  // Most terms match fewer than the bound: their page and count come in one statement.
  const first = await searchPageQuery(db, where, query.ordering, query.page_size, offset);
  const counted = first[0]?.total ?? (offset > 0 ? (await boundedCountQuery(db, where))[0]?.n : 0) ?? 0;
  if (counted <= SEARCH_COUNT_BOUND) return { total: counted, rows: first.map((r) => r.row) };
  const limit = query.page_size + 1;
  const walked =
    isNameOrdering(query.ordering) && !filtersBeyondSearch(query)
      ? await walkNameOrder(db, eventId, query, limit, offset)
      : null;
  const found =
    walked ?? (await searchPageQuery(db, where, query.ordering, limit, offset, false)).map((r) => r.row);
  return {
    total: SEARCH_COUNT_BOUND,
    rows: found.slice(0, query.page_size),
    hasNext: found.length > query.page_size,
  };
}

async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(participants).where(where);
  return row?.n ?? 0;
}

export type ParticipantListPage = Pick<TParticipantPage, 'count' | 'results'> & {
  /** True when the search matched more than `count` (SEARCH_COUNT_BOUND) rows. */
  count_is_lower_bound: boolean;
  /** With a bounded count, whether a next page exists (the last page is not known). */
  hasNext?: boolean;
};

/**
 * One page of the event's participants (document 2 §2 participants page). The plain list counts
 * from the event index and reads the page in index order. A search counts exactly up to
 * SEARCH_COUNT_BOUND matches, so a broad term never pays for counting and sorting every match
 * (see searchPage).
 */
export async function listParticipants(
  db: DbOrTx,
  params: { eventId: number; query: ParticipantListQuery; qrUrlFor: QrUrlFor },
): Promise<ParticipantListPage> {
  const { eventId, query } = params;
  const where = participantWhere(eventId, query);
  const offset = (query.page - 1) * query.page_size;
  // The listing's statements in one pass through the embedded database's line (see backToBack).
  const { total, rows, hasNext } = await backToBack(db, async (d) => {
    const page: { total: number; rows: ParticipantRow[]; hasNext?: boolean } = query.search
      ? await searchPage(d, eventId, query, where, offset)
      : {
          total: await countWhere(d, where),
          rows: await d
            .select()
            .from(participants)
            .where(where)
            .orderBy(...orderBy(query.ordering))
            .limit(query.page_size)
            .offset(offset),
        };
    // Rows prove the event exists; only an empty answer needs the check (one statement saved).
    if (page.total === 0) await requireEventExists(d, eventId);
    return page;
  });
  return {
    count: total,
    count_is_lower_bound: hasNext !== undefined,
    ...(hasNext !== undefined && { hasNext }),
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
