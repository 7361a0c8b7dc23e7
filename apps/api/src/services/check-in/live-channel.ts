import type { TCheckInLiveEvent } from '@attend/shared';

/** The NOTIFY channel every process listens on for new and undone check-ins (migration 0006 names it too). */
export const CHECK_IN_CHANNEL = 'attend_check_ins';

/** What a check-in notification carries: the live event and which event it belongs to. */
export type CheckInNotice = TCheckInLiveEvent & { event_id: number };
