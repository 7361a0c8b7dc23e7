import { z } from 'zod';
import { ZInstant } from './formats';
import { CHECK_IN_NOTES_MAX, checkInTarget, ZCheckIn, ZCheckInCode, ZCheckInEvent } from './check-in';
import { ZId, zId } from './ids';

/**
 * Offline check-in stations (GET /api/events/{eventId}/check-in/offline-pack/ and
 * POST /api/events/{eventId}/check-ins/sync/): what a station keeps to work without a network, and
 * how it hands over what it recorded meanwhile. The pack holds nothing derived from unique codes
 * (not even a hash: with the key a station needs, a hash lets anyone sort out guesses offline), so a
 * QR code is verified at the station with the event's public key, while a typed code is queued
 * unverified and checked by the server on sync.
 */

/** Most items one sync request takes; a station with more sends several requests. */
export const SYNC_BATCH_MAX = 5000;
/** A scan may be this far ahead of the server's clock (a station's clock drifts) and still count. */
export const SYNC_FUTURE_TOLERANCE_MS = 5 * 60_000;
/** Scans older than this are refused: no station stays offline that long. */
export const SYNC_MAX_AGE_MS = 30 * 24 * 3_600_000;
/** A station refreshes its pack this often while online. */
export const OFFLINE_PACK_REFRESH_MS = 60_000;
/** A `since` this much before the last pack's time: rows committed while it was built are not missed. */
export const OFFLINE_PACK_OVERLAP_MS = 30_000;

export const ZOfflineParticipant = z.object({
  id: z.number().int(),
  full_name: z.string(),
  organization: z.string(),
  confirmed: z.boolean(),
  /** Ids of the sessions the participant is registered for. */
  sessions: z.array(z.number().int()),
});
export type TOfflineParticipant = z.infer<typeof ZOfflineParticipant>;

export const ZOfflineSession = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_session: z.number().int().nullable(),
  start_time: ZInstant,
  end_time: ZInstant,
  is_active: z.boolean(),
});
export type TOfflineSession = z.infer<typeof ZOfflineSession>;

/** A check-in the station knows of: enough to say who was in first, when and by whom. */
export const ZOfflineCheckIn = z.object({
  id: z.number().int(),
  participant_id: z.number().int(),
  session: z.number().int().nullable(),
  check_in_time: ZInstant,
  checked_in_by: z.string(),
});
export type TOfflineCheckIn = z.infer<typeof ZOfflineCheckIn>;

/** Nothing here is derived from a unique code (see the top of this file). */
export const ZOfflinePack = z.object({
  /** The server's time when the pack was read: the station's next `since` (less the overlap). */
  generated_at: ZInstant,
  /** False for an answer to `since`: only what changed, to merge into the pack already kept. */
  full: z.boolean(),
  /** The event as the station's event list shows it, less the count (the roster says it). */
  event: ZCheckInEvent.omit({ participants_count: true }),
  /** Ed25519 public key (raw 32 bytes, base64url) that verifies the event's QR credentials. */
  public_key: z.string(),
  /** Every session of the event (always in full: there are few). */
  sessions: z.array(ZOfflineSession),
  /** Everyone (full) or who changed since (delta), with their registrations in full. */
  participants: z.array(ZOfflineParticipant),
  /** Every check-in (full) or those recorded since (delta). */
  check_ins: z.array(ZOfflineCheckIn),
  /**
   * What the server holds now. A delta merged into the kept pack must give these counts; when it
   * does not, something was removed meanwhile and the station fetches the whole pack again.
   */
  totals: z.object({
    participants: z.number().int(),
    registrations: z.number().int(),
    check_ins: z.number().int(),
  }),
});
export type TOfflinePack = z.infer<typeof ZOfflinePack>;

export const ZOfflinePackQuery = z.object({
  since: z.iso
    .datetime({ offset: true, error: 'since must be a date and time such as 2026-11-27T10:00:00Z.' })
    .optional(),
});

const zNonce = z
  .string({ error: 'client_nonce must be 8 to 64 letters, digits, - or _.' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_nonce must be 8 to 64 letters, digits, - or _.');

/**
 * One queued scan. Items are checked one by one (a bad item is answered `rejected`, never failing
 * the batch), so each field here is read loosely and judged by the sync itself.
 */
export const ZSyncItem = z.object({
  // Optional here (zod 4 requires a z.unknown() key to be present): a missing field is the item's
  // own rejection, not the batch's.
  client_nonce: z.unknown().optional(),
  qr_code_data: z.unknown().optional(),
  /** A participant found by name at the station, instead of `qr_code_data`. */
  participant: z.unknown().optional(),
  session: z.unknown().optional(),
  scanned_at: z.unknown().optional(),
  notes: z.unknown().optional(),
  /** 'Check in anyway' pressed at the station: not confirmed (confirms them) or not registered. */
  force: z.unknown().optional(),
});

/** What a well-formed item holds, once the sync has read it: a code or a participant id, not both. */
export const ZSyncItemChecked = z
  .object({
    client_nonce: zNonce,
    qr_code_data: ZCheckInCode.optional(),
    participant: ZId.optional(),
    session: zId('session must be a session id or null.').nullable().default(null),
    scanned_at: z.iso.datetime({
      offset: true,
      error: 'scanned_at must be a date and time such as 2026-11-27T10:00:00Z.',
    }),
    notes: z.string({ error: 'notes must be text.' }).trim().max(CHECK_IN_NOTES_MAX).default(''),
    force: z.boolean({ error: 'force must be true or false.' }).default(false),
  })
  .superRefine(checkInTarget);
export type TSyncItem = z.input<typeof ZSyncItemChecked>;

export const ZSyncRequest = z.object({
  station_id: z
    .string({ error: 'station_id must be 1 to 64 letters, digits, - or _.' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'station_id must be 1 to 64 letters, digits, - or _.'),
  check_ins: z
    .array(ZSyncItem, { error: 'check_ins must be a list.' })
    .max(SYNC_BATCH_MAX, `Send at most ${SYNC_BATCH_MAX} check-ins at a time.`),
});
export type TSyncRequest = z.input<typeof ZSyncRequest>;

export const SYNC_STATUSES = ['created', 'duplicate', 'rejected'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const ZSyncResult = z.object({
  client_nonce: z.string(),
  status: z.enum(SYNC_STATUSES),
  /** created: the record (the same one again when the item was synced before); duplicate: the first record. */
  check_in: ZCheckIn.optional(),
  /** rejected: why, in a sentence; duplicate: the same sentence the door would show. */
  detail: z.string().optional(),
  /** rejected: the refusal code (as POST /check-in/ answers it). */
  code: z.string().optional(),
});
export type TSyncResult = z.infer<typeof ZSyncResult>;

export const ZSyncResponse = z.object({ results: z.array(ZSyncResult) });
export type TSyncResponse = z.infer<typeof ZSyncResponse>;
