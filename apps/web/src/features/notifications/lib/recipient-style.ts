import type { CSSProperties } from 'react';

/**
 * How a recipient wraps in a narrow column: a phone number stays on one line (it is read and
 * dialled whole); a long e-mail address may break anywhere rather than overflow.
 */
export function recipientStyle(channel: 'email' | 'sms'): CSSProperties {
  return channel === 'sms' ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' };
}
