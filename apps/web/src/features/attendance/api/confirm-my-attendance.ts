import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSelfConfirmResult, type TMe, type TParticipantSelf, type TSelfConfirmResult } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api, ApiError } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/auth-session';
import { withChallenge } from '../../../lib/proof-of-work';
import { ta } from '../i18n';
import { attendeeEventQueryOptions } from './get-attendee-event';
import { myQrCodeQueryOptions } from './get-my-qr-code';

/** A failure before any request: the stored user cannot confirm (document 1 §5). */
export class ConfirmPreconditionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfirmPreconditionError';
  }
}

function requireParticipant(user: TMe | null): TParticipantSelf {
  if (!user) throw new ConfirmPreconditionError(ta('confirm.noUser'));
  if (typeof user !== 'object' || !('is_participant' in user) || !user.is_participant) {
    throw new ConfirmPreconditionError(ta('confirm.invalidUser'));
  }
  if (!user.id) throw new ConfirmPreconditionError(ta('confirm.noId'));
  return user;
}

/**
 * POST /api/participants/confirm-attendance-direct/ with both codes (the fallback); a sign-in by
 * codes, so it solves the proof of work the server may ask for first.
 */
export function confirmAttendanceDirect(participant: TParticipantSelf) {
  const eventCode = participant.event.event_code;
  const uniqueCode = participant.unique_code;
  if (!eventCode || !uniqueCode) throw new ConfirmPreconditionError(ta('confirm.missingCredentials'));
  return withChallenge((altcha) =>
    api(apiPaths.confirmAttendanceDirect(), {
      method: 'POST',
      auth: false,
      body: { event_code: eventCode, unique_code: uniqueCode, altcha },
      schema: ZSelfConfirmResult,
    }),
  );
}

/**
 * POST /api/simple-confirm/ for the signed-in participant; when that fails for another reason than
 * an ended session, the codes fallback is tried once (document 1 §7).
 */
export async function confirmMyAttendance(user: TMe | null): Promise<TSelfConfirmResult> {
  const participant = requireParticipant(user);
  try {
    return await api(apiPaths.simpleConfirm(), {
      method: 'POST',
      body: { participant_id: participant.id, confirm: true },
      schema: ZSelfConfirmResult,
    });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) throw err;
    try {
      return await confirmAttendanceDirect(participant);
    } catch (fallbackErr) {
      if (fallbackErr instanceof ConfirmPreconditionError) throw fallbackErr;
      throw err;
    }
  }
}

/** The message of a failed confirmation: the server's, or 'Failed to confirm attendance'. */
export function confirmErrorMessage(err: unknown): string {
  if (err instanceof ConfirmPreconditionError) return err.message;
  if (err instanceof ApiError && err.detail) return err.detail;
  return ta('confirm.failed');
}

export type ConfirmHandlers = {
  onConfirmed?: (result: TSelfConfirmResult) => void;
  onFailed?: (error: unknown) => void;
};

/**
 * Confirms, then updates the signed-in participant with the answer. When the answer carries no QR
 * URL the QR code is fetched separately (document 1 §4). The handlers are hook options, not mutate()
 * options: the confirming panel unmounts as soon as the participant is confirmed, and callbacks
 * given to mutate() would then never run.
 */
export function useConfirmMyAttendance(handlers: ConfirmHandlers = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (user: TMe | null) => {
      const result = await confirmMyAttendance(user);
      let participant = result.participant;
      const url = result.data.qr_code_url ?? result.qr_code_url ?? participant.qr_code_url;
      if (url) {
        participant = { ...participant, qr_code_url: url };
      } else {
        const fetched = await queryClient.fetchQuery(myQrCodeQueryOptions(participant.id)).catch(() => null);
        if (fetched) participant = { ...participant, qr_code_url: fetched };
      }
      return { result, participant };
    },
    onSuccess: ({ result, participant }) => {
      handlers.onConfirmed?.(result);
      updateSessionUser(participant);
      void queryClient.invalidateQueries({
        queryKey: attendeeEventQueryOptions(participant.event.id).queryKey,
      });
    },
  });
}
