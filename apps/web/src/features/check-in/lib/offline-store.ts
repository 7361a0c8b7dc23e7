import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TOfflineCheckIn, TOfflinePack, TSyncResult } from '@attend/shared';

/**
 * What a check-in station keeps on the device (IndexedDB, so a reload without a network keeps it):
 * each event's offline pack, the scans waiting to sync, and what the last syncs could not record
 * (conflicts) until the door person dismisses them.
 */

/** A scan recorded at the station while the server could not be reached. */
export type QueuedScan = {
  client_nonce: string;
  event_id: number;
  /** What was scanned or typed; '' for someone found by name (`by_name`). */
  qr_code_data: string;
  /** Found by name at the station: synced by `participant_id` (there is no code). */
  by_name?: boolean;
  session: number | null;
  scanned_at: string;
  notes: string;
  force: boolean;
  /** Who the station took it for (null when it could not tell), to list and to flag repeats. */
  participant_id: number | null;
  participant_name: string;
  session_name: string;
};

/** A queued scan the server did not record: a duplicate (someone else was first) or a refusal. */
export type SyncConflict = {
  client_nonce: string;
  event_id: number;
  scan: QueuedScan;
  result: TSyncResult;
};

export type KeptPack = { event_id: number; pack: TOfflinePack; fetched_at: number };

/** A check-in the server made for this station, kept beside the pack until a pack holds it. */
type KnownCheckIn = TOfflineCheckIn & { event_id: number };

interface StationDb extends DBSchema {
  packs: { key: number; value: KeptPack };
  queue: { key: string; value: QueuedScan; indexes: { event: number } };
  conflicts: { key: string; value: SyncConflict; indexes: { event: number } };
  known: { key: [number, number]; value: KnownCheckIn; indexes: { event: number } };
}

const DB_NAME = 'attend-station';
let opening: Promise<IDBPDatabase<StationDb>> | null = null;

function db(): Promise<IDBPDatabase<StationDb>> {
  opening ??= openDB<StationDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('packs', { keyPath: 'event_id' });
        database.createObjectStore('queue', { keyPath: 'client_nonce' }).createIndex('event', 'event_id');
        database.createObjectStore('conflicts', { keyPath: 'client_nonce' }).createIndex('event', 'event_id');
      }
      if (oldVersion < 2) {
        database.createObjectStore('known', { keyPath: ['event_id', 'id'] }).createIndex('event', 'event_id');
      }
    },
  });
  return opening;
}

/** The kept pack with the check-ins made online since it was written (see addKnownCheckIn). */
export async function readPack(eventId: number): Promise<KeptPack | undefined> {
  const database = await db();
  const tx = database.transaction(['packs', 'known'], 'readonly');
  const [kept, known] = await Promise.all([
    tx.objectStore('packs').get(eventId),
    tx.objectStore('known').index('event').getAll(eventId),
  ]);
  await tx.done;
  if (!kept) return undefined;
  const ids = new Set(kept.pack.check_ins.map((c) => c.id));
  for (const { event_id: _event, ...record } of known) {
    if (!ids.has(record.id)) kept.pack.check_ins.push(record);
  }
  return kept;
}

/** Keeps a pack (replacing the event's); check-ins kept beside the last one that it holds go. */
export async function writePack(kept: KeptPack): Promise<void> {
  const database = await db();
  const tx = database.transaction(['packs', 'known'], 'readwrite');
  const known = tx.objectStore('known');
  const held = new Set(kept.pack.check_ins.map((c) => c.id));
  const keys = await known.index('event').getAllKeys(kept.event_id);
  await Promise.all([
    tx.objectStore('packs').put(kept),
    ...keys.filter(([, id]) => held.has(id)).map((key) => known.delete(key)),
  ]);
  await tx.done;
}

/**
 * A record made online is kept at once, so a repeat scan offline is flagged even after a reload:
 * beside the pack, a few bytes, rather than writing the whole pack again (tens of thousands of
 * people, copied on the page's thread) for every check-in.
 */
export async function addKnownCheckIn(eventId: number, record: TOfflineCheckIn): Promise<void> {
  await (await db()).put('known', { ...record, event_id: eventId });
}

export async function queueScan(scan: QueuedScan): Promise<void> {
  await (await db()).put('queue', scan);
}

/** The event's waiting scans, oldest first (the order they were made in). */
export async function queuedScans(eventId: number): Promise<QueuedScan[]> {
  const scans = await (await db()).getAllFromIndex('queue', 'event', eventId);
  return scans.sort((a, b) => a.scanned_at.localeCompare(b.scanned_at));
}

/** After a sync: the answered scans leave the queue, and those not recorded become conflicts. */
export async function settleScans(done: string[], conflicts: SyncConflict[]): Promise<void> {
  const database = await db();
  const tx = database.transaction(['queue', 'conflicts'], 'readwrite');
  const queue = tx.objectStore('queue');
  const kept = tx.objectStore('conflicts');
  await Promise.all([...done.map((nonce) => queue.delete(nonce)), ...conflicts.map((c) => kept.put(c))]);
  await tx.done;
}

export async function listConflicts(eventId: number): Promise<SyncConflict[]> {
  const all = await (await db()).getAllFromIndex('conflicts', 'event', eventId);
  return all.sort((a, b) => a.scan.scanned_at.localeCompare(b.scan.scanned_at));
}

export async function clearConflicts(eventId: number): Promise<void> {
  const database = await db();
  const tx = database.transaction('conflicts', 'readwrite');
  const keys = await tx.store.index('event').getAllKeys(eventId);
  await Promise.all(keys.map((key) => tx.store.delete(key)));
  await tx.done;
}

/**
 * Sign-out forgets the rosters (names of people) but keeps the waiting scans: they are check-ins
 * that happened, and sync when someone signs in at this station again.
 */
export async function forgetPacks(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const database = await db();
  await Promise.all([database.clear('packs'), database.clear('known')]);
}
