import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Group, NumberInput, Radio, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  evenCapacities,
  exceedsParentCapacity,
  MAX_SUB_SESSIONS,
  MIN_SUB_SESSIONS,
  planSubSessions,
  subSessionName,
  type SubSessionType,
} from '@attend/shared';
import { FormShell } from '../../../components/form-shell';
import { TableHeader } from '../../../components/table-parts';
import { serverMessage } from '../../../lib/api-errors';
import { formatTimeRange } from '../../../lib/date-time';
import { notify } from '../../../lib/notify';
import { useCreateSubSessions } from '../api/create-sub-sessions';
import { ts } from '../i18n';
import type { SubSessionFormProps } from '../lib/session-form';

/** The number typed, or 2 when it is not a whole number of at least 2 (document 2 §5). */
function effectiveCount(value: number | string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < MIN_SUB_SESSIONS) return MIN_SUB_SESSIONS;
  return Math.min(n, MAX_SUB_SESSIONS);
}

export function AutomaticSubSessionForm({ eventId, parent, onDone }: SubSessionFormProps) {
  const create = useCreateSubSessions(eventId);
  const parentMax = parent.max_participants;
  const [count, setCount] = useState<number | string>(MIN_SUB_SESSIONS);
  const [type, setType] = useState<SubSessionType>('concurrent');
  const [prefix, setPrefix] = useState('');
  const [distribution, setDistribution] = useState<'auto' | 'custom'>('auto');
  const [custom, setCustom] = useState<number[]>(() => evenCapacities(parentMax, MIN_SUB_SESSIONS));
  const [formError, setFormError] = useState<string | null>(null);
  const n = effectiveCount(count);
  const capacities = useMemo(() => Array.from({ length: n }, (_, i) => custom[i] ?? 0), [custom, n]);
  const useCustom = parentMax > 0 && distribution === 'custom';

  const plan = planSubSessions(
    {
      name: parent.name,
      start: new Date(parent.start_time),
      end: new Date(parent.end_time),
      maxParticipants: parentMax,
    },
    {
      num_sub_sessions: n,
      sub_session_type: type,
      prefix_name: prefix,
      custom_capacities: useCustom ? capacities : null,
    },
  );

  const changeCount = (value: number | string) => {
    setCount(value);
    setFormError(null);
    // Custom capacities follow the number of groups, starting from the even split.
    const next = effectiveCount(value);
    if (next !== custom.length) setCustom(evenCapacities(parentMax, next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!plan.ok) {
      setFormError(plan.message);
      return;
    }
    create.mutate(
      {
        sessionId: parent.id,
        body: {
          num_sub_sessions: n,
          sub_session_type: type,
          prefix_name: prefix.trim() || undefined,
          custom_capacities: useCustom ? capacities : undefined,
        },
      },
      {
        onSuccess: (result) => {
          notify(result.message, 'success');
          onDone();
        },
        onError: (err) => {
          const message = serverMessage(err, ts('sub.failed'));
          setFormError(message);
          notify(message, 'error');
        },
      },
    );
  };

  const total = capacities.reduce((sum, c) => sum + c, 0);
  return (
    <FormShell
      onSubmit={submit}
      error={formError}
      onCancel={onDone}
      pending={create.isPending}
      cancelLabel={ts('sub.cancel')}
      submitLabel={ts('sub.submit')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={ts('sub.count')}
          description={ts('sub.countHint')}
          name="num_sub_sessions"
          min={MIN_SUB_SESSIONS}
          max={MAX_SUB_SESSIONS}
          allowDecimal={false}
          allowNegative={false}
          value={count}
          onChange={changeCount}
        />
        <TextInput
          label={ts('sub.prefix')}
          description={ts('sub.prefixHint', { example: subSessionName(parent.name, type, 0) })}
          name="prefix_name"
          maxLength={150}
          value={prefix}
          onChange={(e) => setPrefix(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Radio.Group
        label={ts('sub.type')}
        value={type}
        onChange={(v) => setType(v === 'sequential' ? 'sequential' : 'concurrent')}
      >
        <Stack gap="xs" mt={6}>
          <Radio
            value="concurrent"
            label={ts('sub.type.concurrent')}
            description={ts('sub.type.concurrentHint')}
          />
          <Radio
            value="sequential"
            label={ts('sub.type.sequential')}
            description={ts('sub.type.sequentialHint')}
          />
        </Stack>
      </Radio.Group>
      {parentMax > 0 ? (
        <Radio.Group
          label={ts('sub.capacity')}
          value={distribution}
          onChange={(v) => setDistribution(v === 'custom' ? 'custom' : 'auto')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="auto" label={ts('sub.capacity.auto')} />
            <Radio value="custom" label={ts('sub.capacity.custom')} />
          </Group>
        </Radio.Group>
      ) : (
        <Text size="sm" c="dimmed">
          {ts('sub.capacity.unlimited')}
        </Text>
      )}
      {useCustom && (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {capacities.map((value, i) => (
              <NumberInput
                key={i}
                label={ts('sub.capacity.for', { n: i + 1 })}
                min={0}
                max={parentMax}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={value}
                onChange={(v) =>
                  setCustom((list) => {
                    const next = Array.from({ length: n }, (_, j) => list[j] ?? 0);
                    next[i] = typeof v === 'number' ? v : Number(v) || 0;
                    return next;
                  })
                }
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {ts('sub.capacity.total', { total, max: parentMax })}
          </Text>
          {exceedsParentCapacity(capacities, parentMax) && (
            <Alert color="orange" variant="light" role="alert" p="xs">
              <Text size="sm" c="red.9" fw={700}>
                {ts('sub.exceeds')}
              </Text>
            </Alert>
          )}
        </Stack>
      )}
      <Stack gap={4}>
        <Text fw={600}>{ts('sub.preview')}</Text>
        {plan.ok ? (
          <Table withTableBorder verticalSpacing={4} data-testid="sub-session-preview">
            <TableHeader
              columns={[ts('sub.preview.name'), ts('sub.preview.time'), ts('sub.preview.capacity')]}
            />
            <Table.Tbody>
              {plan.subSessions.map((s) => (
                <Table.Tr key={s.name}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{formatTimeRange(s.start, s.end, parent.time_zone)}</Table.Td>
                  <Table.Td>{s.maxParticipants > 0 ? s.maxParticipants : ts('list.unlimited')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="red.9">
            {plan.message}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
