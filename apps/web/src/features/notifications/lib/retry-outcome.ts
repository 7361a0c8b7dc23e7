import type { TRetryResult } from '@attend/shared';
import { serverMessage } from '../../../lib/api-errors';
import type { NotifyType } from '../../../lib/notify';
import { tn } from '../i18n';

/**
 * The toast after Retry Now or Force Retry All Failed (document 2 §8 Dashboard), from the counts
 * the spec reads: results.total_retried, total_successful and total_failed.
 */
export function retryOutcome({ results }: TRetryResult): { message: string; type: NotifyType } {
  if (results.total_retried === 0) return { message: tn('retry.none'), type: 'info' };
  return {
    message: tn('retry.done', {
      count: results.total_retried,
      x: results.total_successful,
      y: results.total_failed,
    }),
    // The spec's success message, whatever the split: the retry itself went through.
    type: 'success',
  };
}

/** A retry that did not go through: the server's reason, or the spec's 'Failed to retry emails…'. */
export function retryFailedMessage(err: unknown): string {
  return serverMessage(err, tn('retry.failed'));
}
