/** NOTIFY channel that wakes the outbox workers of every process when messages are queued. */
export const OUTBOX_CHANNEL = 'attend_outbox';
