import type { ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { tp } from '../i18n';

type Props = {
  selectedCount: number;
  onAdd: () => void;
  onSendAll: () => void;
  onSendSelected: () => void;
  /** While every participant's id is fetched for Send All Notifications. */
  preparingSend: boolean;
  onBulkUpload: () => void;
  onSelectNotNotified: () => void;
  onSelectNotConfirmed: () => void;
  onClearSelection: () => void;
  selecting: 'notNotified' | 'notConfirmed' | null;
  onConfirmSelected: () => void;
  confirming: boolean;
  onExport: () => void;
  exporting: boolean;
  onPrintBadges: () => void;
};

function ActionGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Text fw={700} component="h2" fz="md" m={0}>
          {title}
        </Text>
        <Group gap="xs">{children}</Group>
      </Stack>
    </Paper>
  );
}

/** The four action groups of document 2 §2. */
export function ParticipantActionGroups(props: Props) {
  const n = props.selectedCount;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ActionGroup title={tp('actions.management')}>
        <Button onClick={props.onAdd}>{tp('actions.add')}</Button>
        <Button variant="default" onClick={props.onBulkUpload}>
          {tp('actions.bulkUpload')}
        </Button>
      </ActionGroup>
      <ActionGroup title={tp('actions.communications')}>
        <Button onClick={props.onSendAll} loading={props.preparingSend}>
          {tp('actions.sendAll')}
        </Button>
        <Button variant="default" onClick={props.onSendSelected}>
          {tp('actions.sendSelected', { n })}
        </Button>
        <Button
          variant="default"
          onClick={props.onSelectNotNotified}
          loading={props.selecting === 'notNotified'}
        >
          {tp('actions.selectNotNotified')}
        </Button>
        <Button
          variant="default"
          onClick={props.onSelectNotConfirmed}
          loading={props.selecting === 'notConfirmed'}
        >
          {tp('actions.selectNotConfirmed')}
        </Button>
        <Button variant="default" onClick={props.onClearSelection}>
          {tp('actions.clearSelection')}
        </Button>
      </ActionGroup>
      <ActionGroup title={tp('actions.attendance')}>
        <Button color="teal.9" onClick={props.onConfirmSelected} loading={props.confirming}>
          {tp('actions.confirmSelected', { n })}
        </Button>
      </ActionGroup>
      <ActionGroup title={tp('actions.export')}>
        <Button variant="default" onClick={props.onExport} loading={props.exporting}>
          {tp('actions.exportCsv')}
        </Button>
        <Button variant="default" onClick={props.onPrintBadges}>
          {tp('actions.printBadges')}
        </Button>
      </ActionGroup>
    </SimpleGrid>
  );
}
