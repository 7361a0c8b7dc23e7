import { useEffect, useRef } from 'react';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { tc } from '../i18n';
import { printBadge } from '../lib/print-badge';
import type { StationResult } from './use-check-in-station';

/**
 * The event's "print the badge on check-in": after each door (main event) check-in the server
 * recorded, the participant's badge opens in the print dialog, once per scan. Scans saved offline
 * print nothing (the badge needs the server); their result offers Print badge, disabled, saying why.
 */
export function useAutoPrintBadge(
  eventId: number,
  enabled: boolean,
  result: StationResult | null,
  offline: boolean,
): void {
  const printed = useRef(0);
  const record = result?.outcome.tone === 'ok' ? result.outcome.record : null;
  const seq = result?.seq ?? 0;
  useEffect(() => {
    if (!enabled || offline || !record || record.session !== null || seq <= printed.current) return;
    printed.current = seq;
    printBadge(eventId, record.participant_id).catch((err: unknown) =>
      notify(serverMessage(err, tc('badge.failed')), 'error'),
    );
  }, [enabled, offline, record, seq, eventId]);
}
