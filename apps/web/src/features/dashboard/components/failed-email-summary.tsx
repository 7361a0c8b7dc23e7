import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Term } from '../../../components/term';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { td } from '../i18n';
import type { FailedEmailSummary as Summary } from '../lib/dashboard-figures';
import { formatNumber } from '../../../lib/locale';

/** Failed e-mails by state and the next scheduled retries (shown only when some have failed). */
export function FailedEmailSummary({ summary }: { summary: Summary }) {
  const counts = [
    { key: 'pending', label: td('summary.pending'), value: summary.pending },
    { key: 'retry-scheduled', label: td('summary.retryScheduled'), value: summary.retryScheduled },
    { key: 'failed-permanently', label: td('summary.failedPermanently'), value: summary.failedPermanently },
    { key: 'ready-to-retry', label: td('summary.readyToRetry'), value: summary.readyToRetry },
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label={td('summary.title')}
      data-testid="failed-email-summary"
    >
      <Stack gap="md">
        <Title order={2} fz="h3">
          {td('summary.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          {counts.map((c) => (
            <Term key={c.key} label={c.label} testId={`failed-email-${c.key}`}>
              {formatNumber(c.value)}
            </Term>
          ))}
        </SimpleGrid>
        {summary.next.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {td('summary.next')}
            </Text>
            <List size="sm" spacing={2} data-testid="failed-email-next-retries">
              {summary.next.map((r, i) => (
                <List.Item key={`${r.email}-${r.at}-${i}`}>
                  <Text span size="sm" fw={600}>
                    {r.email}
                  </Text>{' '}
                  {td('summary.nextAt', { when: formatDisplayDateTime(r.at) })}
                </List.Item>
              ))}
            </List>
            {summary.more > 0 && (
              <Text size="sm" c="dimmed" data-testid="failed-email-more">
                {td('summary.more', { n: formatNumber(summary.more) })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
