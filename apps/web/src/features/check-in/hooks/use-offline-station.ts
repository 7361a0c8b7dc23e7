import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { OFFLINE_PACK_OVERLAP_MS, OFFLINE_PACK_REFRESH_MS, type TCheckIn } from '@attend/shared';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { getOfflinePack, syncCheckIns } from '../api/offline-pack';
import { createNameSearch } from '../lib/name-search';
import { mergePack, packUnchanged } from '../lib/offline-pack';
import {
  buildStationIndex,
  decideOffline,
  type OfflineScanInput,
  type StationIndex,
} from '../lib/offline-scan';
import {
  addKnownCheckIn,
  listConflicts,
  queuedScans,
  queueScan,
  readPack,
  settleScans,
  clearConflicts,
  writePack,
  type KeptPack,
  type QueuedScan,
  type SyncConflict,
} from '../lib/offline-store';
import { stationId } from '../lib/station-id';
import { blankOutcome, type ScanOutcome } from '../lib/scan-outcome';
import { tc } from '../i18n';

/** Scans per sync request: well under the server's limit, so each answer comes back quickly. */
const SYNC_CHUNK = 1000;
/** How often the station looks at the network while it has work (pack due, scans waiting). */
const TICK_MS = 15_000;

export type SyncReport = {
  at: number;
  created: number;
  duplicates: number;
  rejected: number;
  /** The sync itself failed (not one scan): the scans stay queued. */
  error: string | null;
};

/** The result of one offline scan, or null when the station has no pack yet to decide with. */
export type OfflineScan = (input: OfflineScanInput) => Promise<ScanOutcome>;

/** Someone found by name at the station, with what the door needs to know at a glance. */
export type NameMatch = {
  id: number;
  full_name: string;
  organization: string;
  confirmed: boolean;
  /** Registered for the session searched for; null for the main event. */
  registered: boolean | null;
  /**
   * Their check-in for that session (or the door) as this station knows it: `by` is null for a
   * check-in made here and waiting to sync.
   */
  checkedIn: { when: string; by: string | null } | null;
};

export type NameMatches = { matches: NameMatch[]; total: number };

/** How many people a name search shows at most (the list stays short enough to read at the door). */
export const NAME_MATCH_LIMIT = 8;

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * A check-in station's offline side: keeps the event's pack in IndexedDB (downloaded on opening,
 * refreshed every minute while online), decides scans locally when the server cannot be reached,
 * queues them, and syncs the queue by itself when the network is back.
 */
export function useOfflineStation(eventId: number) {
  const [kept, setKept] = useState<KeptPack | null>(null);
  const [index, setIndex] = useState<StationIndex | null>(null);
  const [waiting, setWaiting] = useState<QueuedScan[]>([]);
  const [conflicts, setConflicts] = useState<SyncConflict[]>([]);
  const [online, setOnline] = useState(browserOnline);
  const [reachable, setReachableState] = useState(true);
  const [syncing, setSyncing] = useState(false);
  const [report, setReport] = useState<SyncReport | null>(null);
  const [packFailed, setPackFailed] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  /** Bumped when a check-in becomes known outside the pack (ours, or another station's live). */
  const [known, setKnown] = useState(0);

  const keptRef = useRef<KeptPack | null>(null);
  /** The server's time of the last refresh that changed nothing (the kept pack keeps its own). */
  const packTime = useRef<string | null>(null);
  const reachableRef = useRef(true);
  const waitingRef = useRef<QueuedScan[]>([]);
  const indexRef = useRef<StationIndex | null>(null);
  const busy = useRef(false);
  // Offline scans run one after another, so a repeat is flagged against the scan just queued.
  const scanChain = useRef<Promise<unknown>>(Promise.resolve());

  const setReachable = useCallback((value: boolean) => {
    reachableRef.current = value;
    setReachableState(value);
  }, []);

  const keep = useCallback((next: KeptPack) => {
    keptRef.current = next;
    setKept(next);
  }, []);

  const reloadQueue = useCallback(async () => {
    const [queue, found] = await Promise.all([queuedScans(eventId), listConflicts(eventId)]);
    waitingRef.current = queue;
    setWaiting(queue);
    setConflicts(found);
  }, [eventId]);

  /** Downloads what changed since the kept pack (or the whole pack), merges and keeps it. */
  const refreshPack = useCallback(async () => {
    const current = keptRef.current;
    const asOf = packTime.current ?? current?.pack.generated_at;
    const since =
      current && asOf ? new Date(Date.parse(asOf) - OFFLINE_PACK_OVERLAP_MS).toISOString() : undefined;
    const delta = await getOfflinePack(eventId, since);
    if (current && packUnchanged(current.pack, delta)) {
      // Nothing new (the usual minute): the kept pack stays as it is, neither copied into the
      // device's storage nor indexed again; only the time of the next `since` moves on.
      packTime.current = delta.generated_at;
      keep({ ...current, fetched_at: Date.now() });
    } else {
      packTime.current = null;
      let pack = current ? mergePack(current.pack, delta) : delta.full ? delta : null;
      pack ??= await getOfflinePack(eventId);
      const next = { event_id: eventId, pack, fetched_at: Date.now() };
      await writePack(next);
      keep(next);
    }
    setReachable(true);
    setPackFailed(false);
  }, [eventId, keep, setReachable]);

  /** Sends the queue in order; answered scans leave it, those not recorded become conflicts. */
  const sync = useCallback(async () => {
    const queue = await queuedScans(eventId);
    if (queue.length === 0) return;
    setSyncing(true);
    const totals = { created: 0, duplicates: 0, rejected: 0 };
    let error: string | null = null;
    try {
      for (let start = 0; start < queue.length; start += SYNC_CHUNK) {
        const chunk = queue.slice(start, start + SYNC_CHUNK);
        const { results } = await syncCheckIns(eventId, {
          station_id: stationId(),
          check_ins: chunk.map((s) => ({
            client_nonce: s.client_nonce,
            // Someone found by name has no code here: the server is told who by id.
            ...(s.by_name && s.participant_id !== null
              ? { participant: s.participant_id }
              : { qr_code_data: s.qr_code_data }),
            session: s.session,
            scanned_at: s.scanned_at,
            notes: s.notes,
            force: s.force,
          })),
        });
        const done: string[] = [];
        const found: SyncConflict[] = [];
        chunk.forEach((scan, i) => {
          const result = results[i];
          // No answer for it, or the server failed on it: it stays queued for the next sync.
          if (result?.client_nonce !== scan.client_nonce || result.code === 'internal_error') return;
          done.push(scan.client_nonce);
          if (result.status === 'created') totals.created += 1;
          else {
            if (result.status === 'duplicate') totals.duplicates += 1;
            else totals.rejected += 1;
            found.push({ client_nonce: scan.client_nonce, event_id: eventId, scan, result });
          }
        });
        await settleScans(done, found);
      }
      setReachable(true);
    } catch (err) {
      if (err instanceof NetworkError) setReachable(false);
      error = err instanceof ApiError && err.detail ? err.detail : tc('offline.syncFailed');
    } finally {
      setSyncing(false);
    }
    await reloadQueue();
    setReport({ at: Date.now(), ...totals, error });
  }, [eventId, reloadQueue, setReachable]);

  /** One pass: sync what waits, then bring the pack up to date; never two at once. */
  const catchUp = useCallback(
    async (packDue: boolean) => {
      if (busy.current || !browserOnline()) return;
      busy.current = true;
      try {
        if (waitingRef.current.length > 0) await sync();
        if (packDue) await refreshPack();
      } catch (err) {
        if (err instanceof NetworkError) setReachable(false);
        else setPackFailed(true);
      } finally {
        busy.current = false;
      }
    },
    [sync, refreshPack, setReachable],
  );

  // Open: what this device kept, then the network.
  useEffect(() => {
    let live = true;
    void (async () => {
      const found = await readPack(eventId).catch(() => undefined);
      if (!live) return;
      if (found) keep(found);
      await reloadQueue().catch(() => undefined);
      if (live) await catchUp(true);
    })();
    return () => {
      live = false;
    };
  }, [eventId, keep, reloadQueue, catchUp]);

  // Indexed again only when the pack itself changes (not when a refresh found nothing new).
  const keptPack = kept?.pack;
  useEffect(() => {
    if (!keptPack) return;
    let live = true;
    buildStationIndex(keptPack, indexRef.current).then(
      (built) => {
        if (!live) return;
        indexRef.current = built;
        setIndex(built);
      },
      () => setPackFailed(true),
    );
    return () => {
      live = false;
    };
  }, [keptPack]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void catchUp(true);
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const tick = setInterval(() => {
      setNow(Date.now());
      const age = Date.now() - (keptRef.current?.fetched_at ?? 0);
      void catchUp(age >= OFFLINE_PACK_REFRESH_MS || !reachableRef.current);
    }, TICK_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      clearInterval(tick);
    };
  }, [catchUp]);

  const scan: OfflineScan = useCallback((input) => {
    const run = scanChain.current.then(async (): Promise<ScanOutcome> => {
      const built = indexRef.current;
      if (!built) {
        return {
          ...blankOutcome,
          tone: 'error',
          kind: 'offline',
          title: tc('result.failed'),
          detail: tc('offline.noPack'),
        };
      }
      const decision = await decideOffline(built, waitingRef.current, input);
      if (decision.queue) {
        await queueScan(decision.queue);
        waitingRef.current = [...waitingRef.current, decision.queue];
        setWaiting(waitingRef.current);
      }
      return decision.outcome;
    });
    scanChain.current = run.catch(() => undefined);
    return run;
  }, []);

  /**
   * A check-in made or undone anywhere (another station's, through the live stream): the search by
   * name and offline decisions know of it at once, until the next pack says the same. Kept in
   * memory only: writing the whole kept pack for each of a busy door's records would cost more.
   */
  const noteLive = useCallback((record: TCheckIn, action: 'created' | 'deleted' = 'created') => {
    const index = indexRef.current;
    if (!index) return;
    const key = `${record.participant_id}:${record.session ?? 'main'}`;
    const first = index.firstIn.get(key);
    if (action === 'created' && !first) {
      index.firstIn.set(key, { when: record.check_in_time, by: record.checked_in_by });
    } else if (action === 'deleted' && first?.when === record.check_in_time) {
      index.firstIn.delete(key);
    } else return;
    setKnown((n) => n + 1);
  }, []);

  /** A record the server made now: repeats of it are flagged offline before the next refresh. */
  const noteRecord = useCallback(
    (record: TCheckIn) => {
      const known = {
        id: record.id,
        participant_id: record.participant_id,
        session: record.session,
        check_in_time: record.check_in_time,
        checked_in_by: record.checked_in_by,
      };
      noteLive(record);
      void addKnownCheckIn(eventId, known).catch(() => undefined);
    },
    [eventId, noteLive],
  );

  const searchNames = useMemo(() => (index ? createNameSearch(index.names) : null), [index]);

  /**
   * People of the pack whose name matches `query` (see lib/name-search), with their status for
   * `session` (null: the door); null while the station has no pack. Changes identity whenever what
   * it answers may change (a new pack, a check-in made or learnt of, a scan queued).
   */
  const findByName = useCallback(
    (query: string, session: number | null, limit = NAME_MATCH_LIMIT): NameMatches | null => {
      if (!index || !searchNames) return null;
      const { matches, total } = searchNames(query, limit);
      return {
        total,
        matches: matches.map((p) => {
          const first = index.firstIn.get(`${p.id}:${session ?? 'main'}`);
          const mine = first
            ? undefined
            : waiting.find((w) => w.participant_id === p.id && w.session === session);
          return {
            id: p.id,
            full_name: p.full_name,
            organization: p.organization,
            confirmed: p.confirmed,
            registered: session === null ? null : p.sessions.includes(session),
            checkedIn: first
              ? { when: first.when, by: first.by }
              : mine
                ? { when: mine.scanned_at, by: null }
                : null,
          };
        }),
      };
    },
    // `known` stands for the index's check-ins, which change in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, searchNames, waiting, known],
  );

  /** The server could not be reached for a scan: scans are decided here until it answers again. */
  const markUnreachable = useCallback(() => setReachable(false), [setReachable]);

  return {
    /** Scans are decided on this device (no network, or the server does not answer). */
    offline: !online || !reachable,
    online,
    pack: kept?.pack ?? null,
    /** How old the kept pack is (ms), null before the first download. */
    packAge: kept ? Math.max(0, now - kept.fetched_at) : null,
    packFailed,
    ready: index !== null,
    waiting: waiting.length,
    syncing,
    report,
    conflicts,
    scan,
    noteRecord,
    noteLive,
    findByName,
    markUnreachable,
    syncNow: () => void catchUp(false),
    dismissConflicts: async () => {
      await clearConflicts(eventId);
      await reloadQueue();
      setReport(null);
    },
  };
}

export type OfflineStation = ReturnType<typeof useOfflineStation>;
