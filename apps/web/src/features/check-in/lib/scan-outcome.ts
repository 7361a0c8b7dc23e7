import { format, messages, ZCheckInRefusal, type TCheckIn } from '@attend/shared';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { tc, type CheckInKey } from '../i18n';
import { checkInSessionName } from './session-label';

/** Green: in. Amber: a person was found but not checked in now. Red: the code itself is wrong. */
export type ScanTone = 'ok' | 'warn' | 'error';

export type ScanKind =
  | 'checked_in'
  | 'already_checked_in'
  | 'not_confirmed'
  | 'not_registered'
  | 'invalid_code'
  | 'forged_code'
  | 'other_event'
  | 'unknown_code'
  | 'closed'
  | 'session_not_found'
  | 'forbidden'
  | 'offline'
  | 'failed';

/** What the result panel shows for one scan. */
export type ScanOutcome = {
  tone: ScanTone;
  kind: ScanKind;
  /** The big line: what happened. */
  title: string;
  name: string | null;
  organization: string | null;
  session: string | null;
  /** The server's sentence (preferred, document 2 §8) or ours. */
  detail: string | null;
  /** The record made now (green): staff can undo it. */
  record: TCheckIn | null;
  /** When and by whom the participant was first checked in (already checked in). */
  first: { when: string; by: string } | null;
  /** 'Check in anyway' resends with force: true (not confirmed, not registered). */
  canForce: boolean;
};

/** An outcome's fields that say nothing yet (each outcome sets what it knows). */
export const blankOutcome = {
  name: null,
  organization: null,
  session: null,
  detail: null,
  record: null,
  first: null,
  canForce: false,
} satisfies Partial<ScanOutcome>;

/** A check-in the server recorded (201, or 200 for a retried client_nonce). */
export function outcomeFromCheckIn(record: TCheckIn): ScanOutcome {
  return {
    ...blankOutcome,
    tone: 'ok',
    kind: 'checked_in',
    title: tc('result.ok'),
    name: record.participant_name,
    organization: record.organization || null,
    session: checkInSessionName(record),
    detail: record.forced ? tc('result.forced') : null,
    record,
  };
}

type Refusal = { kind: ScanKind; tone: ScanTone; title: CheckInKey; fallback: string; canForce?: boolean };

/** Each refusal code of POST /check-in/ (packages/shared CHECK_IN_REFUSALS) and how it reads. */
const refusals: Record<string, Refusal> = {
  already_checked_in: {
    kind: 'already_checked_in',
    tone: 'warn',
    title: 'result.already',
    fallback: tc('result.already'),
  },
  not_confirmed: {
    kind: 'not_confirmed',
    tone: 'warn',
    title: 'result.notConfirmed',
    fallback: tc('result.notConfirmed'),
    canForce: true,
  },
  not_registered: {
    kind: 'not_registered',
    tone: 'warn',
    title: 'result.notRegistered',
    fallback: tc('result.notRegistered'),
    canForce: true,
  },
  invalid_code: {
    kind: 'invalid_code',
    tone: 'error',
    title: 'result.invalid',
    fallback: messages.invalidCheckInCode,
  },
  forged_code: {
    kind: 'forged_code',
    tone: 'error',
    title: 'result.forged',
    fallback: messages.forgedCheckInCode,
  },
  other_event: {
    kind: 'other_event',
    tone: 'error',
    title: 'result.otherEvent',
    fallback: messages.otherEventCheckInCode,
  },
  unknown_code: {
    kind: 'unknown_code',
    tone: 'error',
    title: 'result.unknown',
    fallback: messages.unknownCheckInCode,
  },
  event_inactive: {
    kind: 'closed',
    tone: 'error',
    title: 'result.closed',
    fallback: messages.checkInEventInactive,
  },
  session_inactive: {
    kind: 'closed',
    tone: 'error',
    title: 'result.closed',
    fallback: messages.checkInSessionInactive,
  },
  session_not_found: {
    kind: 'session_not_found',
    tone: 'error',
    title: 'result.sessionNotFound',
    fallback: messages.checkInSessionNotFound,
  },
};

/**
 * A refused or failed check-in, read from the `{detail, code}` body the API sends; times in the
 * event's `timeZone` (the viewer's while the event is not known).
 */
export function outcomeFromError(err: unknown, sessionName: string, timeZone?: string): ScanOutcome {
  if (err instanceof NetworkError) {
    return {
      ...blankOutcome,
      tone: 'error',
      kind: 'offline',
      title: tc('result.failed'),
      detail: tc('result.offline'),
    };
  }
  if (!(err instanceof ApiError)) {
    return { ...blankOutcome, tone: 'error', kind: 'failed', title: tc('result.failed') };
  }
  const parsed = ZCheckInRefusal.safeParse(err.body);
  const body = parsed.success ? parsed.data : null;
  const refusal = err.code ? refusals[err.code] : undefined;
  if (!refusal) {
    const forbidden = err.status === 403;
    return {
      ...blankOutcome,
      tone: 'error',
      kind: forbidden ? 'forbidden' : 'failed',
      title: tc(forbidden ? 'result.forbidden' : 'result.failed'),
      detail: err.detail || (forbidden ? messages.scannerEventsOnly : null),
    };
  }
  const first = body?.check_in ?? null;
  const who = body?.participant ?? null;
  const name = first?.participant_name ?? who?.full_name ?? null;
  return {
    ...blankOutcome,
    tone: refusal.tone,
    kind: refusal.kind,
    title: tc(refusal.title),
    name,
    organization: (first?.organization ?? who?.organization) || null,
    session: first ? checkInSessionName(first) : name ? sessionName : null,
    detail: err.detail || refusalSentence(refusal, name, sessionName, first, timeZone),
    first: first
      ? { when: formatDisplayDateTime(first.check_in_time, timeZone), by: first.checked_in_by }
      : null,
    canForce: refusal.canForce === true,
  };
}

/** Our own sentence when the server sent none (the same catalogue the API uses). */
function refusalSentence(
  refusal: Refusal,
  name: string | null,
  session: string,
  first: TCheckIn | null,
  timeZone: string | undefined,
) {
  const who = name ?? '';
  if (refusal.kind === 'already_checked_in' && first) {
    return format(messages.alreadyCheckedIn, {
      name: who,
      when: formatDisplayDateTime(first.check_in_time, timeZone),
      by: first.checked_in_by,
    });
  }
  if (refusal.kind === 'not_confirmed' && name) return format(messages.notConfirmedForCheckIn, { name });
  if (refusal.kind === 'not_registered' && name) {
    return format(messages.notRegisteredForSession, { name, session });
  }
  return refusal.fallback;
}
