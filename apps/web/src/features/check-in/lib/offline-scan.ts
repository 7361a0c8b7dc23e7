import {
  base64UrlDecode,
  format,
  messages,
  normalizeCode,
  parseQrCredential,
  QR_CREDENTIAL_PAYLOAD_LENGTH,
  qrCredentialMessage,
  type TOfflinePack,
  type TOfflineParticipant,
} from '@attend/shared';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { tc } from '../i18n';
import { buildNameIndex, type NameIndex } from './name-search';
import type { QueuedScan } from './offline-store';
import { blankOutcome, type ScanOutcome } from './scan-outcome';

/**
 * A scan decided at the station, without the server: the QR signature is checked with the event's
 * public key and the same rules as the server are applied to what the pack says (confirmed,
 * registered, already in). A typed code cannot be checked here (the pack holds nothing derived from
 * unique codes, so that a stolen pack does not help anyone guess them): one of the right shape is
 * saved unchecked. Someone found by name is known from the pack and checked like a QR code. The
 * server checks each queued scan again when the station syncs.
 */

/** Same shape as the server accepts for a typed code (after normalising). */
const TYPED_CODE = /^[A-Z0-9]{4,32}$/;

/** A typed code as the server reads it, or null for a QR credential or anything of the wrong shape. */
function typedCode(text: string): string | null {
  const code = normalizeCode(text);
  return TYPED_CODE.test(code) ? code : null;
}

/** Checks an Ed25519 signature: WebCrypto where the browser has Ed25519, @noble/ed25519 where not. */
export type SignatureCheck = (signature: Uint8Array, message: Uint8Array) => Promise<boolean>;

async function signatureCheck(publicKey: Uint8Array<ArrayBuffer>): Promise<SignatureCheck> {
  const subtle = globalThis.crypto.subtle;
  try {
    const key = await subtle.importKey('raw', publicKey, 'Ed25519', false, ['verify']);
    return (signature, message) =>
      subtle.verify('Ed25519', key, new Uint8Array(signature), new Uint8Array(message)).catch(() => false);
  } catch {
    const ed = await import('@noble/ed25519');
    // The first check builds the library's tables (hundreds of ms on a phone): pay it now, not at the door.
    await ed.verifyAsync(new Uint8Array(64), new Uint8Array(1), publicKey).catch(() => false);
    return (signature, message) => ed.verifyAsync(signature, message, publicKey).catch(() => false);
  }
}

/** Where the station looks things up: built once per pack (and again when the pack changes). */
export type StationIndex = {
  pack: TOfflinePack;
  byId: Map<number, TOfflineParticipant>;
  /** First check-in the pack knows of, per participant and door or session. */
  firstIn: Map<string, { when: string; by: string }>;
  verify: SignatureCheck;
  sessionNames: Map<number, string>;
  /** The roster in name order, folded for the search by name (lib/name-search). */
  names: NameIndex<TOfflineParticipant>;
};

const scopeKey = (participantId: number, session: number | null) => `${participantId}:${session ?? 'main'}`;

/** `previous`: the index of the pack before, whose folded names are reused. */
export async function buildStationIndex(
  pack: TOfflinePack,
  previous?: StationIndex | null,
): Promise<StationIndex> {
  const publicKey = base64UrlDecode(pack.public_key);
  if (publicKey?.length !== 32) throw new Error('The offline pack has no usable key.');
  const verify = await signatureCheck(new Uint8Array(publicKey));
  const byId = new Map(pack.participants.map((p) => [p.id, p]));
  const firstIn = new Map<string, { when: string; by: string }>();
  for (const c of [...pack.check_ins].sort((a, b) => a.check_in_time.localeCompare(b.check_in_time))) {
    const key = scopeKey(c.participant_id, c.session);
    if (!firstIn.has(key)) firstIn.set(key, { when: c.check_in_time, by: c.checked_in_by });
  }
  const sessionNames = new Map(pack.sessions.map((s) => [s.id, s.name]));
  const names = buildNameIndex(pack.participants, previous?.names);
  return { pack, byId, firstIn, verify, sessionNames, names };
}

export type OfflineScanInput = {
  /** What was scanned or typed ('' for someone found by name). */
  code: string;
  /** Someone found by name at the station: checked in by id instead of `code`. */
  participant?: number;
  session: number | null;
  sessionName: string;
  notes: string;
  force: boolean;
  nonce: string;
  /** When the scan happened (ISO). */
  at: string;
};

export type OfflineDecision = {
  outcome: ScanOutcome;
  /** The scan to keep for the next sync, when it is one to record. */
  queue: QueuedScan | null;
};

function refused(
  kind: ScanOutcome['kind'],
  title: Parameters<typeof tc>[0],
  detail: string,
  tone: ScanOutcome['tone'] = 'error',
): OfflineDecision {
  return { outcome: { ...blankOutcome, tone, kind, title: tc(title), detail }, queue: null };
}

/** Decides one scan from the station's pack and its own waiting scans (`waiting`). */
export async function decideOffline(
  index: StationIndex,
  waiting: QueuedScan[],
  input: OfflineScanInput,
): Promise<OfflineDecision> {
  const { pack } = index;
  const text = input.code.trim().toUpperCase();
  let who: TOfflineParticipant | null = null;
  /** A genuine credential of someone not in the pack, or a typed code: the server decides on sync. */
  let unresolved = false;
  /** The typed code, as the server reads it (null for a QR credential). */
  let typed: string | null = null;

  const credential = input.participant === undefined ? parseQrCredential(text) : null;
  if (input.participant !== undefined) {
    // Found by name in this very pack; gone from it since (removed meanwhile): nobody to check in.
    who = index.byId.get(input.participant) ?? null;
    if (!who) return refused('unknown_code', 'result.unknown', messages.unknownCheckInCode);
  } else if (credential) {
    if (credential.eventId !== pack.event.id) {
      return refused('other_event', 'result.otherEvent', messages.otherEventCheckInCode);
    }
    const signature = credential.bytes.subarray(QR_CREDENTIAL_PAYLOAD_LENGTH);
    const genuine = await index.verify(signature, qrCredentialMessage(credential));
    if (!genuine) return refused('forged_code', 'result.forged', messages.forgedCheckInCode);
    who = index.byId.get(credential.participantId) ?? null;
    unresolved = who === null;
  } else if (text.startsWith('AT1:')) {
    return refused('invalid_code', 'result.invalid', messages.damagedCheckInCode);
  } else {
    typed = typedCode(text);
    if (typed === null) return refused('invalid_code', 'result.invalid', messages.invalidCheckInCode);
    unresolved = true;
  }

  if (!pack.event.is_active) return refused('closed', 'result.closed', messages.checkInEventInactive);
  if (input.session !== null) {
    const session = pack.sessions.find((s) => s.id === input.session);
    if (!session)
      return refused('session_not_found', 'result.sessionNotFound', messages.checkInSessionNotFound);
    if (!session.is_active) return refused('closed', 'result.closed', messages.checkInSessionInactive);
  }

  const scan: QueuedScan = {
    client_nonce: input.nonce,
    event_id: pack.event.id,
    qr_code_data: input.participant === undefined ? input.code.trim() : '',
    ...(input.participant !== undefined && { by_name: true }),
    session: input.session,
    scanned_at: input.at,
    notes: input.notes,
    force: input.force,
    participant_id: who?.id ?? null,
    participant_name: who?.full_name ?? '',
    session_name: input.sessionName,
  };
  const person = {
    name: who?.full_name ?? null,
    organization: who?.organization || null,
    session: input.sessionName,
  };

  if (who && !input.force) {
    if (input.session === null && !who.confirmed) {
      return {
        outcome: {
          ...blankOutcome,
          ...person,
          tone: 'warn',
          kind: 'not_confirmed',
          title: tc('result.notConfirmed'),
          detail: format(messages.notConfirmedForCheckIn, { name: who.full_name }),
          canForce: true,
        },
        queue: null,
      };
    }
    if (input.session !== null && !who.sessions.includes(input.session)) {
      return {
        outcome: {
          ...blankOutcome,
          ...person,
          tone: 'warn',
          kind: 'not_registered',
          title: tc('result.notRegistered'),
          detail: format(messages.notRegisteredForSession, {
            name: who.full_name,
            session: input.sessionName,
          }),
          canForce: true,
        },
        queue: null,
      };
    }
  }

  if (typed !== null) {
    // Who it is cannot be told here, but the same code typed again is the same scan.
    const code = typed;
    const mine = waiting.find((w) => w.session === input.session && typedCode(w.qr_code_data) === code);
    if (mine) {
      return {
        outcome: {
          ...blankOutcome,
          ...person,
          tone: 'warn',
          kind: 'already_checked_in',
          title: tc('offline.alreadySaved'),
          detail: tc('offline.alreadySavedDetail', {
            when: formatDisplayDateTime(mine.scanned_at, pack.event.time_zone),
          }),
        },
        queue: null,
      };
    }
  }

  if (who) {
    const known = index.firstIn.get(scopeKey(who.id, input.session));
    const mine = waiting.find((w) => w.participant_id === who.id && w.session === input.session);
    const first = known
      ? {
          when: formatDisplayDateTime(known.when, pack.event.time_zone),
          by: known.by || tc('offline.unknownStaff'),
        }
      : mine
        ? {
            when: formatDisplayDateTime(mine.scanned_at, pack.event.time_zone),
            by: tc('offline.thisStation'),
          }
        : null;
    if (first) {
      return {
        outcome: {
          ...blankOutcome,
          ...person,
          tone: 'warn',
          kind: 'already_checked_in',
          title: tc('result.already'),
          detail: format(messages.alreadyCheckedIn, { name: who.full_name, ...first }),
          first,
        },
        queue: null,
      };
    }
  }

  return {
    outcome: {
      ...blankOutcome,
      ...person,
      tone: unresolved ? 'warn' : 'ok',
      kind: 'checked_in',
      title: tc(unresolved ? 'offline.savedUnchecked' : 'result.ok'),
      detail: tc(unresolved ? 'offline.savedUncheckedDetail' : 'offline.savedDetail'),
    },
    queue: scan,
  };
}
