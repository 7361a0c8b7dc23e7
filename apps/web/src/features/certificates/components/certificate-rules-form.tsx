import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { TCertificateDoorRule, TCertificateRules } from '@attend/shared';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useUpdateEvent } from '../../events';
import { certificateEligibilityQueryOptions } from '../api/get-certificate-eligibility';
import { tcert } from '../i18n';

const count = (v: string | number) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** The event's certificate_rules: door check-in, sessions and DSA days (each optional). */
export function CertificateRulesForm({ eventId, rules }: { eventId: number; rules: TCertificateRules }) {
  const [door, setDoor] = useState<TCertificateDoorRule | null>(rules.door);
  const [minSessions, setMinSessions] = useState<string | number>(rules.min_sessions ?? '');
  const [minDsaDays, setMinDsaDays] = useState<string | number>(rules.min_dsa_days ?? '');
  const update = useUpdateEvent();
  const queryClient = useQueryClient();
  const onSave = () =>
    update.mutate(
      {
        eventId,
        body: {
          certificate_rules: { door, min_sessions: count(minSessions), min_dsa_days: count(minDsaDays) },
        },
      },
      {
        onSuccess: () => {
          notify(tcert('rules.saved'), 'success');
          // Who qualifies follows the rules.
          void queryClient.invalidateQueries({
            queryKey: certificateEligibilityQueryOptions(eventId).queryKey,
          });
        },
        onError: (err) => notify(serverMessage(err, tcert('rules.saveFailed')), 'error'),
      },
    );
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="certificate-rules-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="certificate-rules-title">
          {tcert('rules.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {tcert('rules.hint')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={tcert('rules.door')}
            value={door ?? 'none'}
            onChange={(v) => setDoor(v === 'any_day' || v === 'every_day' ? v : null)}
            allowDeselect={false}
            data={[
              { value: 'none', label: tcert('rules.door.none') },
              { value: 'any_day', label: tcert('rules.door.anyDay') },
              { value: 'every_day', label: tcert('rules.door.everyDay') },
            ]}
            w={220}
          />
          <NumberInput
            label={tcert('rules.minSessions')}
            placeholder={tcert('rules.notRequired')}
            value={minSessions}
            onChange={setMinSessions}
            min={1}
            max={1000}
            allowDecimal={false}
            w={220}
          />
          <NumberInput
            label={tcert('rules.minDsaDays')}
            placeholder={tcert('rules.notRequired')}
            value={minDsaDays}
            onChange={setMinDsaDays}
            min={1}
            max={366}
            allowDecimal={false}
            w={220}
          />
          <Button onClick={onSave} loading={update.isPending}>
            {tcert('rules.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
