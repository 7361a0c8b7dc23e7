import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  evenCapacities,
  exceedsParentCapacity,
  format,
  MAX_SUB_SESSIONS,
  MIN_SUB_SESSIONS,
  planSubSessions,
  subSessionName,
  within,
  type SubSessionType,
  type TSession,
} from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { FormShell } from '../../../components/form-shell';
import { requiredFieldProps } from '../../../components/required-label';
import { TableHeader } from '../../../components/table-parts';
import { serverMessage } from '../../../lib/api-errors';
import { formatDisplayDateTime, fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time';
import { notify } from '../../../lib/notify';
import { useCreateSession } from '../api/create-session';
import { useCreateSubSessions } from '../api/create-sub-sessions';
import { ts } from '../i18n';
import { createSessionErrorMessage } from '../lib/session-errors';

type Props = { eventId: number; parent: TSession | null; onClose: () => void };

/** The Sub-session modal: Automatic (split by the server) or Manual (one block per sub-session). */
export function SubSessionModal({ eventId, parent, onClose }: Props) {
  const [mode, setMode] = useState<'auto' | 'manual'>('auto');
  return (
    <AppModal opened={parent !== null} onClose={onClose} title={ts('sub.title')} size="xl">
      {parent && (
        <Stack gap="md">
          <Stack gap={2}>
            <Text fw={600}>{ts('sub.parent', { name: parent.name })}</Text>
            <Text size="sm" c="dimmed">
              {ts('sub.window', {
                start: formatDisplayDateTime(parent.start_time),
                end: formatDisplayDateTime(parent.end_time),
                max: parent.max_participants > 0 ? parent.max_participants : ts('list.unlimited'),
              })}
            </Text>
          </Stack>
          <SegmentedControl
            aria-label={ts('sub.mode')}
            value={mode}
            onChange={(v) => setMode(v === 'manual' ? 'manual' : 'auto')}
            data={[
              { value: 'auto', label: ts('sub.mode.auto') },
              { value: 'manual', label: ts('sub.mode.manual') },
            ]}
          />
          {mode === 'auto' ? (
            <AutomaticForm eventId={eventId} parent={parent} onDone={onClose} />
          ) : (
            <ManualForm eventId={eventId} parent={parent} onDone={onClose} />
          )}
        </Stack>
      )}
    </AppModal>
  );
}

/** The number typed, or 2 when it is not a whole number of at least 2 (document 2 §5). */
function effectiveCount(value: number | string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < MIN_SUB_SESSIONS) return MIN_SUB_SESSIONS;
  return Math.min(n, MAX_SUB_SESSIONS);
}

function AutomaticForm({
  eventId,
  parent,
  onDone,
}: {
  eventId: number;
  parent: TSession;
  onDone: () => void;
}) {
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
                  <Table.Td>
                    {ts('list.timeRange', {
                      start: formatDisplayDateTime(s.start),
                      end: formatDisplayDateTime(s.end),
                    })}
                  </Table.Td>
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

type Block = {
  key: number;
  name: string;
  location: string;
  description: string;
  start_time: string;
  end_time: string;
  max_participants: number | string;
};

function ManualForm({ eventId, parent, onDone }: { eventId: number; parent: TSession; onDone: () => void }) {
  const create = useCreateSession(eventId);
  const windowStart = toDateTimeInput(parent.start_time);
  const windowEnd = toDateTimeInput(parent.end_time);
  const [nextKey, setNextKey] = useState(1);
  const blank = (key: number): Block => ({
    key,
    name: '',
    location: '',
    description: '',
    start_time: windowStart,
    end_time: windowEnd,
    max_participants: 0,
  });
  const [blocks, setBlocks] = useState<Block[]>(() => [blank(0)]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (key: number, patch: Partial<Block>) => {
    setBlocks((list) => list.map((b) => (b.key === key ? { ...b, ...patch } : b)));
    setFormError(null);
  };
  const add = () => {
    setBlocks((list) => [...list, blank(nextKey)]);
    setNextKey((k) => k + 1);
  };

  /** Document 2 §5 "Sub-sessions, manual", then the parent's window and the time order. */
  const check = (): string | null => {
    if (blocks.some((b) => !b.name.trim() || !b.start_time.trim() || !b.end_time.trim())) {
      return ts('sub.manual.required');
    }
    const parentWindow = { start: parent.start_time, end: parent.end_time };
    for (const b of blocks) {
      const start = fromDateTimeInput(b.start_time);
      const end = fromDateTimeInput(b.end_time);
      if (!start || !end) return ts('detail.invalidDate');
      if (new Date(end).getTime() <= new Date(start).getTime()) return ts('sub.manual.endAfterStart');
      if (!within({ start, end }, parentWindow)) {
        return format(ts('sub.manual.outside'), {
          start: formatDisplayDateTime(parent.start_time),
          end: formatDisplayDateTime(parent.end_time),
        });
      }
    }
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = check();
    if (problem) {
      setFormError(problem);
      return;
    }
    setSaving(true);
    const total = blocks.length;
    let created = 0;
    try {
      for (const b of blocks) {
        await create.mutateAsync({
          name: b.name.trim(),
          description: b.description.trim(),
          location: b.location.trim() || parent.location,
          start_time: fromDateTimeInput(b.start_time),
          end_time: fromDateTimeInput(b.end_time),
          max_participants: typeof b.max_participants === 'number' ? b.max_participants : 0,
          is_active: true,
          parent_session: parent.id,
          is_sub_session: true,
        });
        created += 1;
        setBlocks((list) => list.filter((x) => x.key !== b.key));
      }
      notify(format(ts('sub.created'), { count: created }), 'success');
      onDone();
    } catch (err) {
      const reason = createSessionErrorMessage(err);
      const message = created > 0 ? ts('sub.manual.partial', { created, total, reason }) : reason;
      setFormError(message);
      notify(message, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormShell
      onSubmit={(e) => void submit(e)}
      error={formError}
      onCancel={onDone}
      pending={saving}
      cancelLabel={ts('sub.cancel')}
      submitLabel={ts('sub.submit')}
    >
      {blocks.map((b, i) => (
        <Fieldset key={b.key} legend={ts('sub.manual.block', { n: i + 1 })} radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...requiredFieldProps}
                label={ts('sub.manual.name')}
                maxLength={200}
                value={b.name}
                onChange={(e) => change(b.key, { name: e.currentTarget.value })}
              />
              <TextInput
                label={ts('sub.manual.location')}
                placeholder={parent.location}
                maxLength={300}
                value={b.location}
                onChange={(e) => change(b.key, { location: e.currentTarget.value })}
              />
            </SimpleGrid>
            <Textarea
              label={ts('sub.manual.description')}
              autosize
              minRows={1}
              maxRows={4}
              value={b.description}
              onChange={(e) => change(b.key, { description: e.currentTarget.value })}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                {...requiredFieldProps}
                type="datetime-local"
                label={ts('sub.manual.start')}
                min={windowStart}
                max={windowEnd}
                value={b.start_time}
                onChange={(e) => change(b.key, { start_time: e.currentTarget.value })}
              />
              <TextInput
                {...requiredFieldProps}
                type="datetime-local"
                label={ts('sub.manual.end')}
                min={b.start_time || windowStart}
                max={windowEnd}
                value={b.end_time}
                onChange={(e) => change(b.key, { end_time: e.currentTarget.value })}
              />
              <NumberInput
                label={ts('sub.manual.max')}
                description={ts('form.maxHint')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={b.max_participants}
                onChange={(v) => change(b.key, { max_participants: v === '' ? 0 : v })}
              />
            </SimpleGrid>
            {blocks.length > 1 && (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red.9"
                  size="xs"
                  onClick={() => setBlocks((list) => list.filter((x) => x.key !== b.key))}
                >
                  {ts('sub.manual.remove')}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
      ))}
      <Button variant="default" onClick={add} w="fit-content">
        {ts('sub.manual.add')}
      </Button>
    </FormShell>
  );
}
