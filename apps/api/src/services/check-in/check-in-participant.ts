import { and, eq, or, sql } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  formatDateTimeInZone,
  format,
  messages,
  normalizeCode,
  QR_CREDENTIAL_PREFIX,
  type CheckInRefusal,
  type TCheckIn,
  type TCheckInCreate,
} from '@attend/shared';
import { prepareRaw, resultRows, type Db, type DbOrTx } from '../../db/client';
import { checkIns, events, participants, sessions, staffUsers } from '../../db/schema';
import { AppError, type AppErrorCode } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { assertEventAccess } from '../auth/staff-access';
import { readQrCredential, verifierFor } from '../qr/event-keys';
import { CHECK_IN_CHANNEL, type CheckInNotice } from './live-channel';
import { checkInColumns, checkInFor, checkInJoins, MAIN_EVENT_LABEL, serializeCheckIn } from './serialize';

/** A typed unique code after normalising: letters and digits only, and not absurdly long. */
const TYPED_CODE = /^[A-Z0-9]{4,32}$/;
/** Ids are `integer` columns: a credential naming a larger id was not signed by us. */
const MAX_ID = 2147483647;

const statusOf: Record<CheckInRefusal, AppErrorCode> = {
  already_checked_in: 'conflict',
  not_confirmed: 'conflict',
  not_registered: 'conflict',
  event_inactive: 'conflict',
  session_inactive: 'conflict',
  invalid_code: 'bad_request',
  forged_code: 'bad_request',
  other_event: 'bad_request',
  unknown_code: 'not_found',
  session_not_found: 'not_found',
  nonce_reused: 'conflict',
};

function refuse(reason: CheckInRefusal, detail: string, body?: Record<string, unknown>): AppError {
  return new AppError(statusOf[reason], detail, { reason, body });
}

/** The participant is already in: 409 `already_checked_in`, with the first record (a sync's duplicate). */
export class AlreadyCheckedInError extends AppError {
  constructor(
    readonly first: TCheckIn,
    detail: string,
    participant: { id: number; full_name: string; organization: string },
  ) {
    super(statusOf.already_checked_in, detail, {
      reason: 'already_checked_in',
      body: { check_in: first, participant },
    });
  }
}

type Who = { id: number; fullName: string; organization: string };

/**
 * Which participant a check-in names in this event: a signed credential, a typed unique code, or the
 * id of someone the station found by name (that the id belongs to this event is checked by the scan
 * statement, like a code: someone else's is an unknown participant).
 */
type Lookup =
  | { by: 'id'; participantId: number; signature: Uint8Array }
  | { by: 'code'; code: string }
  | { by: 'participant'; participantId: number };

/** Who a check-in is for: a code, or (found by name at the station) a participant id. */
export type CheckInTarget = { qr_code_data?: string | undefined; participant?: number | undefined };

async function readTarget(db: DbOrTx, eventId: number, target: CheckInTarget): Promise<Lookup> {
  if (target.participant !== undefined) {
    if (target.qr_code_data !== undefined) {
      throw new AppError('validation_error', messages.checkInCodeOrParticipant);
    }
    return { by: 'participant', participantId: target.participant };
  }
  const trimmed = (target.qr_code_data ?? '').trim();
  if (trimmed.toUpperCase().startsWith(QR_CREDENTIAL_PREFIX)) {
    const credential = readQrCredential(trimmed.toUpperCase());
    if (!credential) throw refuse('invalid_code', messages.damagedCheckInCode);
    if (credential.eventId !== eventId) {
      if (credential.eventId > MAX_ID) throw refuse('forged_code', messages.forgedCheckInCode);
      // Signed by another event's key: say so; anything else claiming another event is forged.
      const [other] = await db
        .select({ publicKey: events.qrPublicKey })
        .from(events)
        .where(eq(events.id, credential.eventId));
      const genuine = !!other?.publicKey && verifierFor(other.publicKey)(credential, credential.signature);
      throw genuine
        ? refuse('other_event', messages.otherEventCheckInCode)
        : refuse('forged_code', messages.forgedCheckInCode);
    }
    return { by: 'id', participantId: credential.participantId, signature: credential.signature };
  }
  const code = normalizeCode(trimmed);
  if (!TYPED_CODE.test(code)) throw refuse('invalid_code', messages.invalidCheckInCode);
  return { by: 'code', code };
}

/**
 * What stopped an insert, in one query (a synced batch can hit this thousands of times): the record
 * this nonce made in the event, and this participant's record for the main event or session.
 */
async function recordsInTheWay(
  db: DbOrTx,
  eventId: number,
  participantId: number,
  sessionId: number | null,
  nonce: string | undefined,
) {
  const first = and(
    eq(checkIns.participantId, participantId),
    sessionId === null ? sql`${checkIns.sessionId} is null` : eq(checkIns.sessionId, sessionId),
  );
  const rows = await db
    .select({ ...checkInColumns, clientNonce: checkIns.clientNonce, eventId: checkIns.eventId })
    .from(checkIns)
    .innerJoin(participants, checkInJoins.participant)
    .leftJoin(sessions, checkInJoins.session)
    .leftJoin(staffUsers, checkInJoins.staff)
    .where(nonce ? or(first, and(eq(checkIns.eventId, eventId), eq(checkIns.clientNonce, nonce))) : first);
  const byNonce = rows.find((r) => nonce && r.clientNonce === nonce && r.eventId === eventId);
  const mine = rows.find((r) => r.participantId === participantId && r.sessionId === sessionId);
  return {
    byNonce: byNonce ? serializeCheckIn(byNonce) : null,
    first: mine ? serializeCheckIn(mine) : null,
  };
}

/** The refusal for a second check-in; the first one's time is in the event's zone, named. */
function alreadyIn(who: Who, first: TCheckIn, timeZone: string): AppError {
  const when = formatDateTimeInZone(first.check_in_time, timeZone);
  return new AlreadyCheckedInError(
    first,
    format(messages.alreadyCheckedIn, { name: who.fullName, when, by: first.checked_in_by || 'unknown' }),
    { id: who.id, full_name: who.fullName, organization: who.organization },
  );
}

/** What one scan statement answers: the lookup, and the record when it was inserted. */
type ScanRow = {
  event_active: boolean;
  granted: number | null;
  id: number | null;
  full_name: string | null;
  organization: string | null;
  unique_code: string | null;
  confirmed: boolean | null;
  session_id: number | null;
  session_name: string | null;
  session_active: boolean | null;
  registered: number | null;
  check_in_id: number | null;
  check_in_time: string | null;
};

const p = (name: string) => sql.placeholder(name);

/**
 * A scan in one round trip, prepared once per database: the `check_in_scan` function (migrations
 * 0006 and 0008) looks up the event, the scanner's grant, the participant (by credential id or typed
 * code), the session and the registration; inserts the record, at the scan's time, when every rule
 * holds (`mayInsert` is false when the credential's signature did not verify); and announces it on
 * the live channel with the whole record, so listeners in every process forward it without querying.
 * A refused or duplicate scan inserts nothing and answers the lookup, from which the caller tells
 * which rule it broke.
 */
function prepareScan(db: DbOrTx) {
  return prepareRaw<ScanRow>(
    db,
    'check_in_scan',
    sql`select * from check_in_scan(${p('eventId')}::int, ${p('staffId')}::int, ${p('admin')}::boolean,
      ${p('username')}::text, ${p('participantId')}::int, ${p('code')}::text, ${p('sessionId')}::int,
      ${p('notes')}::text, ${p('nonce')}::text, ${p('mayInsert')}::boolean, ${p('at')}::timestamptz)`,
  );
}
const scans = new WeakMap<DbOrTx, ReturnType<typeof prepareScan>>();

function scanStatement(db: DbOrTx) {
  let q = scans.get(db);
  if (!q) scans.set(db, (q = prepareScan(db)));
  return q;
}

/**
 * Events' public keys, which never change once made (see eventSigner), so a credential's signature
 * is checked before the scan statement runs; kept per database (ids are only unique within one).
 * Keys not made yet are not kept.
 */
const publicKeys = new WeakMap<DbOrTx, Map<number, string>>();
const MAX_KEPT_KEYS = 1000;

async function publicKeyOf(db: DbOrTx, eventId: number): Promise<string | null> {
  let kept = publicKeys.get(db);
  if (!kept) publicKeys.set(db, (kept = new Map()));
  const known = kept.get(eventId);
  if (known) return known;
  const [row] = await db.select({ publicKey: events.qrPublicKey }).from(events).where(eq(events.id, eventId));
  if (row?.publicKey) {
    if (kept.size >= MAX_KEPT_KEYS) kept.clear();
    kept.set(eventId, row.publicKey);
  }
  return row?.publicKey ?? null;
}

/** A record about to be written: everything the API shows but its id and time. */
export type NewCheckIn = Omit<TCheckIn, 'id' | 'check_in_time'> & { unique_code: string };

/**
 * Inserts one check-in record and announces it on the live channel, in one statement (as the scan
 * statement does), so listeners in every process forward the whole record without querying. Inside
 * a transaction the announcement goes out on commit, and not at all on a rollback. Answers the new
 * id and time, or nothing when a record of this participant for this door or session (or of this
 * nonce) exists already.
 */
export async function insertCheckInRecord(
  tx: DbOrTx,
  params: {
    eventId: number;
    actor: Pick<StaffActor, 'staffId'>;
    record: NewCheckIn;
    /** The scan's time (an offline station's sync); null: now. */
    at: string | null;
    nonce: string | null;
  },
): Promise<{ id: number; check_in_time: string | Date } | undefined> {
  const { eventId, record } = params;
  const notice: Omit<CheckInNotice, 'check_in'> & { check_in: NewCheckIn } = {
    action: 'created',
    event_id: eventId,
    check_in: record,
  };
  const result = await tx.execute(sql`
    with ins as (
      insert into check_ins (event_id, participant_id, session_id, check_in_time, checked_in_by, notes, forced, client_nonce)
      values (${eventId}, ${record.participant_id}, ${record.session}, coalesce(${params.at}::timestamptz, now()), ${params.actor.staffId}, ${record.notes}, ${record.forced}, ${params.nonce})
      on conflict do nothing
      returning id, check_in_time
    )
    select id, check_in_time,
      pg_notify(${CHECK_IN_CHANNEL}, (${JSON.stringify(notice)}::jsonb
        || jsonb_build_object('check_in', ${JSON.stringify(notice.check_in)}::jsonb
          || jsonb_build_object('id', id,
            'check_in_time', to_char(check_in_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))))::text)
    from ins
  `);
  return resultRows<{ id: number; check_in_time: string | Date }>(result)[0];
}

export type CheckInOutcome = { status: 'created' | 'replayed'; check_in: TCheckIn };

/**
 * POST /api/events/{eventId}/check-in/: records that a participant arrived at the door (session
 * null) or at a session. One record per participant per door or session, enforced by a unique
 * constraint, so simultaneous scans give one record and clear refusals. The participant is named by
 * a code or, when the station found them by name, by id (someone of another event is refused as an
 * unknown code would be). A repeated client_nonce
 * answers the record it made. `scannedAt` (an offline station's sync) is the time recorded instead
 * of now. Records (answers and the first record of a refusal) carry the unique code for admins only.
 */
export async function checkInParticipant(
  db: Db,
  actor: StaffActor,
  eventId: number,
  input: CheckInTarget &
    Required<Pick<TCheckInCreate, 'session' | 'notes' | 'force'>> & { client_nonce?: string | undefined },
  { scannedAt }: { scannedAt?: Date } = {},
): Promise<CheckInOutcome> {
  const lookup = await readTarget(db, eventId, input);
  const sessionId = input.session;
  const at = scannedAt?.toISOString() ?? null;
  let genuine = true;
  if (lookup.by === 'id') {
    const publicKey = await publicKeyOf(db, eventId);
    genuine =
      !!publicKey &&
      verifierFor(publicKey)({ eventId, participantId: lookup.participantId }, lookup.signature);
  }
  const [row] = await scanStatement(db).execute({
    eventId,
    staffId: actor.staffId,
    admin: actor.role === 'admin',
    username: actor.username,
    // An unverified id is not looked up (it may not even fit the column); the refusal is `forged_code`.
    participantId:
      lookup.by === 'participant'
        ? lookup.participantId
        : lookup.by === 'id' && genuine
          ? lookup.participantId
          : null,
    code: lookup.by === 'code' ? lookup.code : null,
    sessionId,
    notes: input.notes,
    nonce: input.client_nonce ?? null,
    mayInsert: genuine,
    at,
  });
  if (row && actor.role !== 'admin' && row.granted === null) {
    throw new AppError('forbidden', messages.scannerEventsOnly);
  }
  if (!row) {
    await assertEventAccess(db, actor, eventId);
    throw new AppError('not_found', messages.eventNotFound);
  }
  const who: Who | null =
    row.id === null || row.full_name === null
      ? null
      : { id: row.id, fullName: row.full_name, organization: row.organization ?? '' };
  const sessionName = row.session_name ?? MAIN_EVENT_LABEL;
  if (row.check_in_id !== null && row.check_in_time !== null && who) {
    return {
      status: 'created',
      check_in: checkInFor(actor, {
        id: row.check_in_id,
        participant_id: who.id,
        participant_name: who.fullName,
        organization: who.organization,
        unique_code: row.unique_code ?? '',
        session: sessionId,
        session_name: sessionName,
        check_in_time: row.check_in_time,
        checked_in_by: actor.username,
        notes: input.notes,
        forced: false,
      }),
    };
  }
  if (!genuine) throw refuse('forged_code', messages.forgedCheckInCode);
  if (!row.event_active) throw refuse('event_inactive', messages.checkInEventInactive);
  if (sessionId !== null && row.session_id === null) {
    throw refuse('session_not_found', messages.checkInSessionNotFound);
  }
  if (sessionId !== null && !row.session_active)
    throw refuse('session_inactive', messages.checkInSessionInactive);
  if (!who) throw refuse('unknown_code', messages.unknownCheckInCode);
  const whoBody = { participant: { id: who.id, full_name: who.fullName, organization: who.organization } };

  let forced = false;
  if (sessionId === null && !row.confirmed) {
    if (!input.force) {
      throw refuse('not_confirmed', format(messages.notConfirmedForCheckIn, { name: who.fullName }), whoBody);
    }
    forced = true;
  }
  if (sessionId !== null && row.registered === null) {
    if (!input.force) {
      throw refuse(
        'not_registered',
        format(messages.notRegisteredForSession, { name: who.fullName, session: sessionName }),
        whoBody,
      );
    }
    forced = true;
  }

  const insert = (tx: DbOrTx) =>
    insertCheckInRecord(tx, {
      eventId,
      actor,
      record: {
        participant_id: who.id,
        participant_name: who.fullName,
        organization: who.organization,
        unique_code: row.unique_code ?? '',
        session: sessionId,
        session_name: sessionName,
        checked_in_by: actor.username,
        notes: input.notes,
        forced,
      },
      at,
      nonce: input.client_nonce ?? null,
    });

  // The scan statement inserts only what needs no force; a forced check-in is written here (at the
  // door with the participant's confirmation, in one transaction). The confirmation follows the
  // record: a scan refused after all (its nonce made another record, someone was first) confirms
  // nobody.
  const created = !forced
    ? undefined
    : sessionId === null
      ? await db.transaction(async (tx) => {
          const made = await insert(tx);
          if (made) {
            await tx
              .update(participants)
              .set({ confirmedAttendance: true, confirmedAt: new Date(), updatedAt: new Date() })
              .where(and(eq(participants.id, who.id), eq(participants.confirmedAttendance, false)));
          }
          return made;
        })
      : await insert(db);

  if (created) {
    return {
      status: 'created',
      check_in: checkInFor(actor, {
        id: created.id,
        participant_id: who.id,
        participant_name: who.fullName,
        organization: who.organization,
        unique_code: row.unique_code ?? '',
        session: sessionId,
        session_name: sessionName,
        check_in_time: new Date(created.check_in_time).toISOString(),
        checked_in_by: actor.username,
        notes: input.notes,
        forced,
      }),
    };
  }
  // Nothing inserted: this nonce was used before, or the participant is already in. The event's
  // time zone (for the refusal) is read alongside: on the embedded database both wait in line once.
  const [{ byNonce, first }, [event]] = await Promise.all([
    recordsInTheWay(db, eventId, who.id, sessionId, input.client_nonce),
    db.select({ timeZone: events.timeZone }).from(events).where(eq(events.id, eventId)),
  ]);
  if (byNonce) {
    if (byNonce.participant_id === who.id && byNonce.session === sessionId) {
      return { status: 'replayed', check_in: checkInFor(actor, byNonce) };
    }
    throw refuse('nonce_reused', messages.checkInNonceReused);
  }
  if (!first) throw new AppError('conflict', messages.checkInFailed);
  throw alreadyIn(who, checkInFor(actor, first), event?.timeZone ?? DEFAULT_TIME_ZONE);
}
