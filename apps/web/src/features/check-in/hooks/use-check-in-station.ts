import { useRef, useState } from 'react';
import type { TCheckIn } from '@attend/shared';
import { NetworkError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateCheckIn, type CheckInRequest } from '../api/create-check-in';
import { afterPaint } from '../lib/after-paint';
import { newClientNonce } from '../lib/client-nonce';
import { playFeedback } from '../lib/feedback';
import { outcomeFromCheckIn, outcomeFromError, type ScanOutcome } from '../lib/scan-outcome';
import { tc } from '../i18n';
import type { OfflineStation } from './use-offline-station';

/** Where scans go, and the event's time zone (for the times a refusal names) once known. */
export type StationScope = { session: number | null; sessionName: string; timeZone?: string };

/** A scan as the panel shows it: its outcome, and what to resend for 'Check in anyway'. */
export type StationResult = { outcome: ScanOutcome; request: CheckInRequest; seq: number };

/**
 * A check-in made is also confirmed by a toast (document 2 §8). A refusal is not: the result panel
 * already shows it, with the server's text ('Failed to check in participant' preferred by it), and
 * the same sentence twice at a busy door is noise.
 */
function toast(outcome: ScanOutcome): void {
  if (outcome.tone === 'ok') notify(tc('toast.checkedIn', { name: outcome.name ?? '' }), 'success');
}

/**
 * The station's scan loop: each scan goes straight to the POST (no lookup first), its outcome is
 * shown, sounded and announced (and a check-in made confirmed by a toast). Scans may overlap (a
 * camera is quick); the panel shows the latest scan's outcome, and an older answer arriving late
 * only updates the lists. Without a network (or
 * when the POST gets no answer) the scan is decided on the station and queued with the same nonce,
 * so a scan the server did record before the answer was lost is recorded once.
 */
export function useCheckInStation(
  eventId: number,
  scope: StationScope,
  offline: OfflineStation,
  /** `toasts: false` for the kiosk, whose whole screen is the result. */
  { toasts = true }: { toasts?: boolean } = {},
) {
  const create = useCreateCheckIn(eventId);
  const [result, setResult] = useState<StationResult | null>(null);
  const [pending, setPending] = useState(0);
  const seq = useRef(0);

  const send = async (request: CheckInRequest): Promise<StationResult> => {
    seq.current += 1;
    const mine = seq.current;
    setPending((n) => n + 1);
    let outcome: ScanOutcome;
    const at = new Date().toISOString();
    const decideHere = () =>
      offline.scan({
        code: request.qr_code_data ?? '',
        ...(request.participant !== undefined && { participant: request.participant }),
        session: request.session,
        sessionName: scope.sessionName,
        notes: request.notes,
        force: request.force,
        nonce: request.client_nonce,
        at,
      });
    try {
      if (offline.offline) {
        outcome = await decideHere();
      } else {
        const record = await create.mutateAsync(request);
        offline.noteRecord(record);
        outcome = outcomeFromCheckIn(record);
      }
    } catch (err) {
      if (err instanceof NetworkError) {
        offline.markUnreachable();
        outcome = await decideHere().catch(() => outcomeFromError(err, scope.sessionName, scope.timeZone));
      } else {
        outcome = outcomeFromError(err, scope.sessionName, scope.timeZone);
      }
    } finally {
      setPending((n) => n - 1);
    }
    const next: StationResult = { outcome, request, seq: mine };
    if (mine === seq.current) {
      setResult(next);
      playFeedback(outcome.tone);
      // The toast repeats the panel for whoever looks away: it can wait for the panel to be painted.
      if (toasts) afterPaint(() => toast(outcome));
    }
    return next;
  };

  return {
    result,
    /** Requests in flight (the Submit button spins; the field stays usable for the next scan). */
    pending: pending > 0,
    /** A scanned or typed code, as read. */
    submit: (code: string, notes: string) =>
      send({
        qr_code_data: code.trim(),
        session: scope.session,
        notes: notes.trim(),
        force: false,
        client_nonce: newClientNonce(),
      }),
    /** Someone found by name (the participant list, search at the station): checked in by id. */
    submitParticipant: (participantId: number, notes: string) =>
      send({
        participant: participantId,
        session: scope.session,
        notes: notes.trim(),
        force: false,
        client_nonce: newClientNonce(),
      }),
    /** 'Check in anyway': the refused scan again, with force (a new scan, so a new nonce). */
    checkInAnyway: () => {
      if (!result?.outcome.canForce) return undefined;
      return send({ ...result.request, force: true, client_nonce: newClientNonce() });
    },
    clear: () => setResult(null),
    /** A check-in made on this station without a scan (a walk-in): shown, sounded and announced as one. */
    show: (record: TCheckIn) => {
      seq.current += 1;
      const outcome = outcomeFromCheckIn(record);
      const request = { qr_code_data: '', session: record.session, notes: record.notes, force: false };
      setResult({ outcome, request: { ...request, client_nonce: newClientNonce() }, seq: seq.current });
      playFeedback(outcome.tone);
      toast(outcome);
    },
  };
}
