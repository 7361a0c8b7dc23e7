import { useRef, useState } from 'react';
import { Alert, Button, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { BADGE_LAYOUTS, type TBadgeLayout } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { fetchFile, saveBlob } from '../../../lib/transfer';
import { AppModal } from '../../../components/app-modal';
import { tp } from '../i18n';

type Props = {
  opened: boolean;
  eventId: number;
  eventCode: string;
  selectedIds: readonly number[];
  confirmedCount: number;
  onClose: () => void;
};

/**
 * Print Badges: the selection or every confirmed participant, as a PDF of badge sheets. Mounted
 * when opened, so each opening starts from the current selection.
 */
export function PrintBadgesModal({
  opened,
  eventId,
  eventCode,
  selectedIds,
  confirmedCount,
  onClose,
}: Props) {
  const [who, setWho] = useState<'selected' | 'confirmed'>(selectedIds.length > 0 ? 'selected' : 'confirmed');
  const [layout, setLayout] = useState<TBadgeLayout>('a4-4');
  const [received, setReceived] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const print = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setReceived(0);
    const query: Record<string, string | number> =
      who === 'selected' ? { participant_ids: selectedIds.join(','), layout } : { all_confirmed: 1, layout };
    try {
      const blob = await fetchFile(apiPaths.badgesPdf(eventId, query), controller.signal, setReceived);
      const filename = `badges-${eventCode}.pdf`;
      saveBlob(blob, filename);
      notify(tp('badges.done', { filename }), 'success');
      onClose();
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(serverMessage(err, tp('badges.failed')));
    } finally {
      setReceived(null);
    }
  };

  const busy = received !== null;
  return (
    <AppModal opened={opened} onClose={close} title={tp('badges.title')} size="lg">
      <Stack gap="md">
        <Radio.Group label={tp('badges.who')} value={who} onChange={(v) => setWho(v as typeof who)}>
          <Stack gap="xs" mt="xs">
            <Radio
              value="selected"
              label={tp('badges.selected', { n: selectedIds.length })}
              disabled={selectedIds.length === 0}
            />
            <Radio value="confirmed" label={tp('badges.allConfirmed', { n: confirmedCount })} />
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={tp('badges.layout')}
          value={layout}
          onChange={(v) => setLayout(v as TBadgeLayout)}
        >
          <Stack gap="xs" mt="xs">
            {BADGE_LAYOUTS.map((l) => (
              <Radio key={l} value={l} label={tp(`badges.layout.${l}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          {tp('badges.hint')}
        </Text>
        {busy && (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress value={100} animated striped />
            <Text size="sm">{tp('badges.progress', { kb: Math.round((received ?? 0) / 1024) })}</Text>
          </Stack>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tp('badges.cancel')}
          </Button>
          <Button onClick={() => void print()} loading={busy}>
            {tp('badges.print')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
