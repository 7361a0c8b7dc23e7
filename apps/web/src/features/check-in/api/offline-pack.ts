import { ZOfflinePack, ZSyncResponse, type TSyncRequest } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** A whole roster is a large download on a venue network: allow it more than the default 15 s. */
const PACK_TIMEOUT_MS = 60_000;

/** GET /api/events/{eventId}/check-in/offline-pack/: everything (or, with `since`, what changed). */
export function getOfflinePack(eventId: number, since?: string) {
  return api(apiPaths.offlinePack(eventId, since), { schema: ZOfflinePack, timeoutMs: PACK_TIMEOUT_MS });
}

/** POST /api/events/{eventId}/check-ins/sync/: queued scans, answered one by one in the same order. */
export function syncCheckIns(eventId: number, body: TSyncRequest) {
  return api(apiPaths.syncCheckIns(eventId), {
    method: 'POST',
    body,
    schema: ZSyncResponse,
    timeoutMs: PACK_TIMEOUT_MS,
  });
}
