import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TPublicStats } from '@attend/shared';
import { t, type TranslationKey } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/locale';
import { usePublicStats } from '../api/get-public-stats';
import { useCountUp } from '../hooks/use-count-up';
import { useSeenOnce } from '../hooks/use-seen';
import classes from './landing.module.css';

type Figures = Extract<TPublicStats, { events_created: number }>;

const counters: {
  stat: Exclude<keyof Figures, 'mode'>;
  suffix: string;
  label: TranslationKey;
  testId: string;
}[] = [
  { stat: 'events_created', suffix: '+', label: 'landing.impact.events', testId: 'stat-events' },
  { stat: 'participants_managed', suffix: '+', label: 'landing.impact.attendees', testId: 'stat-attendees' },
  { stat: 'check_in_success_rate', suffix: '%', label: 'landing.impact.rate', testId: 'stat-rate' },
];

function Counter({
  target,
  run,
  suffix,
  label,
  testId,
}: {
  /** Null: nothing to count yet (a rate before any check-in), shown as a dash. */
  target: number | null | undefined;
  run: boolean;
  suffix: string;
  label: TranslationKey;
  testId: string;
}) {
  const value = useCountUp(target ?? undefined, run);
  return (
    <Stack gap={4} align="center" ta="center">
      <Text className={classes.counterValue} data-testid={testId} data-target={target ?? undefined}>
        {target === null ? '—' : `${formatNumber(value)}${suffix}`}
      </Text>
      <Text fw={600} c="gray.8">
        {t(label)}
      </Text>
    </Stack>
  );
}

/**
 * 'Platform Impact': the figures from the API (live counts or the operator's fixed figures),
 * counting up once the section is 75 % visible; nothing at all when the operator hides it.
 */
export function ImpactCounters() {
  const stats = usePublicStats();
  const { ref, seen } = useSeenOnce<HTMLElement>();
  if (stats.data?.mode === 'hidden') return null;
  const figures = stats.data;
  const run = seen && !!figures;
  return (
    <section ref={ref} className={classes.impact} aria-labelledby="impact-title">
      <Container size="lg" py={64}>
        <Title order={2} id="impact-title" ta="center" mb="xl">
          {t('landing.impactTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xl">
          {counters.map(({ stat, ...counter }) => (
            <Counter key={stat} target={figures?.[stat]} run={run} {...counter} />
          ))}
        </SimpleGrid>
        {stats.isError && (
          <Text ta="center" c="dimmed" mt="md" size="sm">
            {t('landing.impact.unavailable')}
          </Text>
        )}
      </Container>
    </section>
  );
}
