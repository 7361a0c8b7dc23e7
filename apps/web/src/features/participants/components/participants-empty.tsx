import { Button, Flex, Paper, Stack, Text } from '@mantine/core';
import { tp } from '../i18n';

/** An event without participants: where to start, Add Participant or Bulk Upload. */
export function ParticipantsEmpty({ onAdd, onBulkUpload }: { onAdd: () => void; onBulkUpload: () => void }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="participants-empty">
      <Stack align="center" gap="sm" ta="center">
        <Text fw={600}>{tp('table.empty')}</Text>
        <Text size="sm" c="dimmed" maw={520}>
          {tp('empty.hint', { add: tp('actions.add'), upload: tp('actions.bulkUpload') })}
        </Text>
        <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" w={{ base: '100%', xs: 'auto' }}>
          <Button onClick={onAdd}>{tp('empty.add')}</Button>
          <Button variant="default" onClick={onBulkUpload}>
            {tp('empty.upload')}
          </Button>
        </Flex>
      </Stack>
    </Paper>
  );
}
