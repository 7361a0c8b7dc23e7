import { useState, type FormEvent } from 'react';
import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { format, manualSubSessionProblem } from '@attend/shared';
import { FormShell } from '../../../components/form-shell';
import { requiredFieldProps } from '../../../components/required-label';
import {
  describeTimeZone,
  formatDisplayDateTimes,
  fromDateTimeInput,
  toDateTimeInput,
} from '../../../lib/date-time';
import { notify } from '../../../lib/notify';
import { useCreateSession } from '../api/create-session';
import { ts } from '../i18n';
import type { SubSessionFormProps } from '../lib/session-form';
import { createSessionErrorMessage } from '../lib/session-errors';

type Block = {
  key: number;
  name: string;
  location: string;
  description: string;
  start_time: string;
  end_time: string;
  max_participants: number | string;
};

export function ManualSubSessionForm({ eventId, parent, onDone }: SubSessionFormProps) {
  const create = useCreateSession(eventId);
  // Times are typed as the event's wall-clock times.
  const zone = parent.time_zone;
  const windowStart = toDateTimeInput(parent.start_time, zone);
  const windowEnd = toDateTimeInput(parent.end_time, zone);
  const zoneHint = ts('form.timesIn', { zone: describeTimeZone(zone) });
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

  /** The shared manual-form rules (sub-sessions, manual), each reported in the spec's words. */
  const check = (): string | null => {
    const problem = manualSubSessionProblem(
      blocks.map((b) => ({
        name: b.name,
        // An unreadable date stays as typed, so the rule reports it as such rather than as missing.
        start: fromDateTimeInput(b.start_time, zone) || b.start_time,
        end: fromDateTimeInput(b.end_time, zone) || b.end_time,
      })),
      { start: parent.start_time, end: parent.end_time },
    );
    switch (problem) {
      case null:
        return null;
      case 'required':
        return ts('sub.manual.required');
      case 'invalid_date':
        return ts('detail.invalidDate');
      case 'end_before_start':
        return ts('sub.manual.endAfterStart');
      case 'outside_parent':
        return format(
          ts('sub.manual.outside'),
          formatDisplayDateTimes(parent.start_time, parent.end_time, zone),
        );
    }
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
          start_time: fromDateTimeInput(b.start_time, zone),
          end_time: fromDateTimeInput(b.end_time, zone),
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
      const message = created > 0 ? ts('sub.manual.partial', { count: created, total, reason }) : reason;
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
                description={zoneHint}
                min={windowStart}
                max={windowEnd}
                value={b.start_time}
                onChange={(e) => change(b.key, { start_time: e.currentTarget.value })}
              />
              <TextInput
                {...requiredFieldProps}
                type="datetime-local"
                label={ts('sub.manual.end')}
                description={zoneHint}
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
