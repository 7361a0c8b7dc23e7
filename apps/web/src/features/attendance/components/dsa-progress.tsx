import { Stack, Text } from '@mantine/core';
import { useMyDsaProgress } from '../api/get-my-dsa-progress';
import { ta } from '../i18n';

/**
 * 'Sessions attended today: N of 4 toward the DSA' (nothing while loading or when it cannot load);
 * today is the event's day, in its time zone.
 */
export function DsaProgress({ participantId, timeZone }: { participantId: number; timeZone: string }) {
  const { data } = useMyDsaProgress(participantId, timeZone, true);
  if (!data) return null;
  return (
    <Stack gap={2} align="center" ta="center" data-testid="dsa-progress">
      <Text fw={600}>{ta('dsa.progress', { n: data.attended, required: data.required })}</Text>
      {data.eligible && (
        <Text size="sm" c="teal.9" fw={500}>
          {ta('dsa.eligible')}
        </Text>
      )}
    </Stack>
  );
}
