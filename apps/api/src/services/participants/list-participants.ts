import { and, asc, count, desc, eq, getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
 * How far a broad search in name order walks the event's name index for its page before it sorts
 * its matches instead. The index carries the search text, so the walk reads no table row: an entry
 * costs about 0.4 µs, a match sorted about 1 µs (read from the table; on PostgreSQL over 50,000). So
 * the walk reads up to WALK_PER_MATCH entries for each match the term is estimated to have, as much
 * as the sort would cost: at least WALK_ROWS_MIN (a broad term has more than 1,000 matches), at most
 * WALK_ROWS_MAX.
 */
const WALK_PER_MATCH = 2.5;
const WALK_ROWS_MIN = 5000;
const WALK_ROWS_MAX = 25_000;

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
    // The accent- and case-free key (see the schema's NAME_KEY): 'Émilie' sorts with the E's.
    full_name: participants.nameKey,
    email: participants.email,
    username: participants.username,
    organization: participants.organization,
    created_at: participants.createdAt,
    updated_at: participants.updatedAt,
    confirmed_at: participants.confirmedAt,
    notification_sent_at: participants.notificationSentAt,
    id: participants.id,
  };
  return columns[key] ?? participants.nameKey;
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

/** ASC or DESC, for the orderings written as SQL text. */
const directionSql = (ordering: string | undefined) => (ordering?.startsWith('-') ? sql`desc` : sql`asc`);

export type SearchPageParams = {
  eventId: number;
  search: string;
  where: SQL;
  ordering: string | undefined;
  pageSize: number;
  offset: number;
  /** Whether a broad term may walk the name index (name order, no filter beyond the search box). */
  walk: boolean;
};

/**
 * A search page in one statement. Each row says which way it was found (`plan`):
 * - 0, counted: the first SEARCH_COUNT_BOUND + 1 matches found are sorted, with their count
 *   (`total`); when the term has no more than SEARCH_COUNT_BOUND matches, that is the answer;
 * - 1, walked: past the bound, in name order, the first entries of the event's name index (as many
 *   as sorting the matches would cost, see WALK_PER_MATCH), read from the index alone (it carries
 *   the search text) with no sort, when they hold the page;
 * - 2, sorted: otherwise every match is sorted (the search text is read once, continuing where the
 *   count stopped).
 * The broad pages ask for one row more, which says whether a next page exists. Each branch runs only
 * when the one before it did not answer (a one-time filter on the counts).
 *
 * The matches are a MATERIALIZED common table expression, which PostgreSQL plans for every match
 * and reads only as far as it is asked. Under a plain LIMIT the planner takes the matches to be as
 * many as it estimates and spread evenly over the table, and may scan the table until the bound:
 * that reads most of the table when there are fewer matches than estimated or they sit together
 * late in the table (a surname with 2,000 matches among 50,000, estimated at 6,000: 14 ms, against
 * 2 ms through the trigram index). Only the id and the sort key are sorted; the page's rows are
 * read by id. Exported for the index test.
 */
export function searchPageQuery(db: DbOrTx, params: SearchPageParams) {
  const { pageSize, offset } = params;
  const dir = directionSql(params.ordering);
  const broad = pageSize + 1;
  // Counted once (a common table expression of its own): each use of a subquery is evaluated apart.
  const n = sql`(select n from counted)`;
  const walking = params.walk ? sql`(select count(*) from walk)` : undefined;
  const t = participants;
  // The matches are estimated from the table blocks the sample came from: the sample is the first
  // SEARCH_COUNT_BOUND + 1 matches in table order, so as many again in each such stretch of the rest
  // of the table. Within 3 % for the benchmark's broad terms, spread through the table; too high for
  // matches that sit together, which WALK_ROWS_MAX bounds.
  const block = sql`(at::text::point)[0]`;
  const estimate = sql`count(*) * (pg_relation_size('participants') / current_setting('block_size')::int
    - min(${block})) / greatest(max(${block}) - min(${block}), 1)`;
  const walkRows = sql`(select least(${WALK_ROWS_MAX}::int, greatest(${WALK_ROWS_MIN}::int,
    ceil(${WALK_PER_MATCH}::float8 * ${estimate})))::int from sample)`;
  const walk = sql`, walk as materialized (
    select id, sort_key from (
      select ${t.id} as id, ${t.nameKey} as sort_key, ${t.searchText} as search_text from ${t}
      where ${t.eventId} = ${params.eventId} order by ${t.nameKey} ${dir}, ${t.id} ${dir} limit ${walkRows}
    ) head where search_text like lower(${containsPattern(params.search)})
    order by sort_key ${dir}, id ${dir} limit ${broad} offset ${offset})`;
  const page = sql`(
    with found as materialized (
      select ${t.id} as id, ${sortColumn(params.ordering)} as sort_key, ctid as at from ${t} where ${params.where}
    ),
    sample as materialized (select id, sort_key, at from found limit ${SEARCH_COUNT_BOUND + 1}),
    counted as materialized (select count(*) as n from sample)
    ${walking ? walk : sql``}
    (select id, sort_key, ${n} as total, 0 as plan from sample where ${n} <= ${SEARCH_COUNT_BOUND}
      order by sort_key ${dir}, id ${dir} limit ${pageSize} offset ${offset})
    ${walking ? sql`union all (select id, sort_key, 0, 1 from walk where ${n} > ${SEARCH_COUNT_BOUND} and ${walking} = ${broad})` : sql``}
    union all (select id, sort_key, 0, 2 from found
      where ${n} > ${SEARCH_COUNT_BOUND}${walking ? sql` and ${walking} < ${broad}` : sql``}
      order by sort_key ${dir}, id ${dir} limit ${broad} offset ${offset})
  ) as page`;
  return db
    .select({
      row: getTableColumns(participants),
      total: sql<number>`page.total`.mapWith(Number),
      plan: sql<number>`page.plan`.mapWith(Number),
    })
    .from(page)
    .innerJoin(participants, eq(participants.id, sql`page.id`))
    .orderBy(sql`page.sort_key ${dir}`, sql`page.id ${dir}`);
}

/** Whether a listing filters on more than the search box (the walk reads the search text only). */
const filtersBeyondSearch = (query: ParticipantListQuery) =>
  query.confirmed !== undefined ||
  query.notification_status !== undefined ||
  query.notification_sent !== undefined;

/**
 * A search page (see searchPageQuery): one statement, and a bounded count apart only when it
 * finds nothing on a page after the first (a page past the last match).
 */
async function searchPage(
  db: DbOrTx,
  eventId: number,
  query: ParticipantListQuery,
  where: SQL,
  offset: number,
): Promise<{ total: number; rows: ParticipantRow[]; hasNext?: boolean }> {
  const found = await searchPageQuery(db, {
    eventId,
    search: query.search ?? '',
    where,
    ordering: query.ordering,
    pageSize: query.page_size,
    offset,
    walk: isNameOrdering(query.ordering) && !filtersBeyondSearch(query),
  });
  const rows = found.map((r) => r.row);
  const first = found[0];
  if (first?.plan === 0) return { total: first.total, rows };
  if (first) {
    return {
      total: SEARCH_COUNT_BOUND,
      rows: rows.slice(0, query.page_size),
      hasNext: rows.length > query.page_size,
    };
  }
  // Nothing on the first page is no match at all; after it, the page may lie past the last match.
  const counted = offset > 0 ? ((await boundedCountQuery(db, where))[0]?.n ?? 0) : 0;
  return counted <= SEARCH_COUNT_BOUND
    ? { total: counted, rows }
    : { total: SEARCH_COUNT_BOUND, rows, hasNext: false };
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
