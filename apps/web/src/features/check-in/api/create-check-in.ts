import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCheckIn, type TCheckInCreate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api, NetworkError } from '../../../lib/api-client';
import { afterPaint } from '../lib/after-paint';
import { applyCheckInAdded } from '../lib/live-cache';

/** A door must not hang: give up on one attempt sooner than the default 15 s, then retry once. */
const CHECK_IN_TIMEOUT_MS = 8000;

/**
 * One scan: what was read (or, for someone found by name, their id: exactly one of the two), where,
 * and the station's id for it (so a retry is recorded once).
 */
export type CheckInRequest = Required<Pick<TCheckInCreate, 'session' | 'notes' | 'force'>> & {
  client_nonce: string;
} & ({ qr_code_data: string; participant?: undefined } | { participant: number; qr_code_data?: undefined });

/**
 * POST /api/events/{eventId}/check-in/: the scanned text goes to the server as it is (no lookup
 * first), or the id of someone found by name. 201 with the record, 200 with the same record for a
 * client_nonce already used; refusals are ApiErrors with `{detail, code}` (see lib/scan-outcome).
 */
export function createCheckIn(eventId: number, request: CheckInRequest) {
  return api(apiPaths.checkIn(eventId), {
    method: 'POST',
    body: request,
    schema: ZCheckIn,
    timeoutMs: CHECK_IN_TIMEOUT_MS,
  });
}

export function useCreateCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CheckInRequest) => createCheckIn(eventId, request),
    // Safe to resend: the same client_nonce never makes a second record.
    retry: (failures, error) => error instanceof NetworkError && failures < 1,
    retryDelay: 300,
    // The lists, counts and chart follow once the station has shown the result (lib/after-paint).
    onSuccess: (record) => afterPaint(() => applyCheckInAdded(queryClient, eventId, record)),
  });
}
