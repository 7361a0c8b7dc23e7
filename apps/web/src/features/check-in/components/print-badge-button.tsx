import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { tc } from '../i18n';
import { printBadge } from '../lib/print-badge';
import type { ScanOutcome } from '../lib/scan-outcome';

type Props = {
  eventId: number;
  /** The latest scan's outcome: the button shows on a check-in (green). */
  outcome: ScanOutcome | undefined;
  /** Offline the badge cannot be fetched: the button is disabled and says so. */
  offline: boolean;
};

/** Print badge, on the result of a check-in: the participant's badge in the browser's print dialog. */
export function PrintBadgeButton({ eventId, outcome, offline }: Props) {
  const [printing, setPrinting] = useState(false);
  const participantId = outcome?.record?.participant_id;
  if (outcome?.tone !== 'ok' || (participantId === undefined && !offline)) return null;

  const print = async () => {
    if (participantId === undefined) return;
    setPrinting(true);
    try {
      await printBadge(eventId, participantId);
    } catch (err) {
      notify(serverMessage(err, tc('badge.failed')), 'error');
    } finally {
      setPrinting(false);
    }
  };

  const unavailable = offline || participantId === undefined;
  return (
    <Stack gap={4}>
      <Button
        size="md"
        variant="white"
        color="dark"
        onClick={() => void print()}
        loading={printing}
        disabled={unavailable}
      >
        {tc('badge.print')}
      </Button>
      {unavailable && (
        <Text size="sm" c="inherit">
          {tc('badge.offline')}
        </Text>
      )}
    </Stack>
  );
}
