import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  TParticipantPage,
  TParticipantStats,
  ZParticipantFilters,
  ZParticipantListQuery,
} from '@attend/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
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
 * Rows of the name order a broad search reads for its page before it sorts its matches instead:
 * about 5 ms on PGlite, enough for page 1 of a term spread evenly over 2 % or more of 50,000 people.
 */
const WALK_ROWS = 5000;

type FilterSource = Record<
  'searchText' | 'confirmedAttendance' | 'notificationStatus' | 'notificationSent',
  AnyColumn
>;

/**
 * The search box and the filters over the table or a subquery of it. The search is a
 * case-insensitive substring of name, e-mail, phone or organisation: LIKE on their stored,
 * lower-cased joined text (one pg_trgm GIN index serves it); lower() of the pattern is the same
 * folding ILIKE does.
 */
function filterConditions(filters: ParticipantFilters, t: FilterSource = participants): SQL[] {
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

type OrderSource = Record<
  | 'id'
  | 'fullName'
  | 'email'
  | 'username'
  | 'organization'
  | 'createdAt'
  | 'updatedAt'
  | 'confirmedAt'
  | 'notificationSentAt',
  AnyColumn
>;

/** ORDER BY for `ordering` over the table or a subquery of it. */
function orderBy(ordering: string | undefined, t: OrderSource = participants): SQL[] {
  const columns = {
    full_name: t.fullName,
    email: t.email,
    username: t.username,
    organization: t.organization,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    confirmed_at: t.confirmedAt,
    notification_sent_at: t.notificationSentAt,
    id: t.id,
  };
  const descending = ordering?.startsWith('-') ?? false;
  const key = (ordering?.replace(/^-/, '') || 'full_name') as keyof typeof columns;
  const column = columns[key] ?? t.fullName;
  const direction = descending ? desc : asc;
  // The id breaks ties so pages never repeat or skip a participant.
  return key === 'id' ? [direction(column)] : [direction(column), direction(t.id)];
}

const isNameOrdering = (ordering: string | undefined) =>
  (ordering?.replace(/^-/, '') || 'full_name') === 'full_name';

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

/**
 * A page of the matches sorted, with how many there are up to `atMost` (`total`, a window count
 * over at most `atMost` rows): a narrow term costs one statement. The subquery's LIMIT keeps the
 * matches apart from the outer ORDER BY … LIMIT, so the planner finds them through the trigram
 * index instead of walking the name index with the filter (Drizzle drops an OFFSET 0). Exported for
 * the index test.
 */
export function searchPageQuery(
  db: DbOrTx,
  where: SQL,
  ordering: string | undefined,
  limit: number,
  offset: number,
  atMost: number = SEARCH_COUNT_BOUND + 1,
) {
  const matches = db.select().from(participants).where(where).limit(atMost).as('matches');
  return db
    .select({ ...matches._.selectedFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(...orderBy(ordering, matches))
    .limit(limit)
    .offset(offset);
}

/**
 * A page of a broad search in name order, read from the first WALK_ROWS rows of the event's name
 * index (no sort), or null when those rows hold too few matches to be sure of it: the matches may
 * sit further on in the alphabet (a first name), and reading on could cost more than sorting them.
 */
async function walkNameOrder(
  db: DbOrTx,
  eventId: number,
  query: ParticipantListQuery,
  limit: number,
  offset: number,
): Promise<ParticipantRow[] | null> {
  const head = db
    .select()
    .from(participants)
    .where(eq(participants.eventId, eventId))
    .orderBy(...orderBy(query.ordering))
    .limit(WALK_ROWS)
    .as('head');
  const rows = await db
    .select()
    .from(head)
    .where(and(...filterConditions(query, head)))
    .orderBy(...orderBy(query.ordering, head))
    .limit(limit)
    .offset(offset);
  // Fewer rows than asked may mean the first WALK_ROWS rows ran out, not the matches.
  return rows.length === limit ? rows : null;
}

/**
 * The statements of a search page: the page of the matches and their count up to the bound, in one
 * statement (a page past the last match counts apart). Within the bound that is the answer (at most
 * SEARCH_COUNT_BOUND + 1 rows sorted); past it, in name order, the name
 * index is walked with the filter, as a broad term soon fills a page there; otherwise, or when the
 * walk falls short, every match is sorted. A page past the bound asks for one row more, which says
 * whether a next page exists.
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
  if (counted <= SEARCH_COUNT_BOUND) {
    return { total: counted, rows: first.map(({ total: _total, ...row }) => row) };
  }
  const limit = query.page_size + 1;
  const walked = isNameOrdering(query.ordering)
    ? await walkNameOrder(db, eventId, query, limit, offset)
    : null;
  const found =
    walked ??
    (await searchPageQuery(db, where, query.ordering, limit, offset, 2 ** 31 - 1)).map(
      ({ total: _total, ...row }) => row,
    );
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
  let rows: ParticipantRow[];
  let total: number;
  let hasNext: boolean | undefined;
  if (query.search) {
    ({ total, rows, hasNext } = await searchPage(db, eventId, query, where, offset));
  } else {
    total = await countWhere(db, where);
    rows = await db
      .select()
      .from(participants)
      .where(where)
      .orderBy(...orderBy(query.ordering))
      .limit(query.page_size)
      .offset(offset);
  }
  // Rows prove the event exists; only an empty answer needs the check (one round trip saved).
  if (total === 0) await requireEventExists(db, eventId);
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
