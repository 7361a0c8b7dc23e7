/** What other features and the app may use of the notifications feature. */
export { failedEmailStatsQueryOptions, useFailedEmailStats } from './api/get-failed-email-stats';
export { useRetryFailedEmails } from './api/retry-failed-emails';
export { useForceRetryFailedEmails } from './api/force-retry-failed-emails';
export { retryFailedMessage, retryOutcome } from './lib/retry-outcome';
export { messageStatusLabel } from './lib/message-status';
