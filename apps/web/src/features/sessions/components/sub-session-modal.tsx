import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { type TSession } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { formatDisplayDateTimes } from '../../../lib/date-time';
import { ts } from '../i18n';
import { AutomaticSubSessionForm } from './automatic-sub-session-form';
import { ManualSubSessionForm } from './manual-sub-session-form';

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
                ...formatDisplayDateTimes(parent.start_time, parent.end_time, parent.time_zone),
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
            <AutomaticSubSessionForm eventId={eventId} parent={parent} onDone={onClose} />
          ) : (
            <ManualSubSessionForm eventId={eventId} parent={parent} onDone={onClose} />
          )}
        </Stack>
      )}
    </AppModal>
  );
}
