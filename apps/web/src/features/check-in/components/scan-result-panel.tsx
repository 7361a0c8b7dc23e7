import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ScanOutcome } from '../lib/scan-outcome';
import type { ScanTone } from '../lib/scan-outcome';
import type { StationResult } from '../hooks/use-check-in-station';
import { tc } from '../i18n';

/** Colours readable at arm's length: white on dark green and dark red, black on amber. */
const palette: Record<ScanTone, { bg: string; fg: string; button: string }> = {
  ok: { bg: 'var(--mantine-color-teal-9)', fg: 'var(--mantine-color-white)', button: 'white' },
  warn: { bg: 'var(--mantine-color-yellow-4)', fg: 'var(--mantine-color-black)', button: 'dark' },
  error: { bg: 'var(--mantine-color-red-9)', fg: 'var(--mantine-color-white)', button: 'white' },
};

type Props = {
  result: StationResult | null;
  onCheckInAnyway: () => void;
  /** Present for staff who may undo (admins): shown on a green result. */
  onUndo?: () => void;
  onClear: () => void;
  forcing: boolean;
  /** More buttons for a green result (Print badge). */
  actions?: ReactNode;
};

/** The sentence a screen reader announces for a result. */
export function spokenOutcome(outcome: ScanOutcome): string {
  return [
    outcome.title,
    outcome.name,
    outcome.organization,
    outcome.session && tc('result.session', { session: outcome.session }),
    outcome.first &&
      `${tc('result.firstAt', { when: outcome.first.when })} ${tc('result.firstBy', { by: outcome.first.by })}`,
    // The server's sentence repeats when and by whom: the line above says it already.
    !outcome.first && outcome.detail,
  ]
    .filter((part): part is string => !!part)
    .join('. ');
}

/**
 * The outcome of the latest scan, full width: green (in), amber (found, not checked in now), red (bad
 * code). A live region that exists before any result announces each one (its text only, not the
 * buttons); the panel itself is ordinary content.
 */
export function ScanResultPanel({ result, onCheckInAnyway, onUndo, onClear, forcing, actions }: Props) {
  const outcome = result?.outcome;
  const colours = outcome ? palette[outcome.tone] : null;
  return (
    <section aria-label={tc('result.label')}>
      <VisuallyHidden role="status" aria-live="assertive" aria-atomic="true">
        {result ? <span key={result.seq}>{spokenOutcome(result.outcome)}</span> : null}
      </VisuallyHidden>
      {outcome && colours && result && (
        <Paper
          key={result.seq}
          p={{ base: 'lg', sm: 'xl' }}
          radius="md"
          data-testid="scan-result"
          data-tone={outcome.tone}
          data-kind={outcome.kind}
          style={{ background: colours.bg, color: colours.fg }}
        >
          <Stack gap={6}>
            <Text fz={{ base: 28, sm: 40 }} fw={800} lh={1.15} c="inherit">
              {outcome.title}
            </Text>
            {outcome.name && (
              <Text fz={{ base: 24, sm: 34 }} fw={700} lh={1.2} c="inherit" data-testid="scan-result-name">
                {outcome.name}
              </Text>
            )}
            {outcome.organization && (
              <Text fz={{ base: 18, sm: 24 }} c="inherit">
                {outcome.organization}
              </Text>
            )}
            {outcome.session && (
              <Text fz={{ base: 18, sm: 22 }} fw={600} c="inherit">
                {tc('result.session', { session: outcome.session })}
              </Text>
            )}
            {outcome.first && (
              <Text fz={{ base: 18, sm: 22 }} c="inherit">
                {tc('result.firstAt', { when: outcome.first.when })}{' '}
                {tc('result.firstBy', { by: outcome.first.by })}
              </Text>
            )}
            {outcome.detail && !outcome.first && (
              <Text fz={{ base: 16, sm: 20 }} c="inherit" style={{ whiteSpace: 'pre-line' }}>
                {outcome.detail}
              </Text>
            )}
            <Group gap="sm" mt="sm">
              {outcome.canForce && (
                <Button size="lg" color="dark" onClick={onCheckInAnyway} loading={forcing}>
                  {tc('result.checkInAnyway')}
                </Button>
              )}
              {outcome.tone === 'ok' && onUndo && (
                <Button size="md" variant="white" color="dark" onClick={onUndo}>
                  {tc('result.undo')}
                </Button>
              )}
              {outcome.tone === 'ok' && actions}
              <Button size="md" variant="outline" color={colours.button} onClick={onClear}>
                {tc('result.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </section>
  );
}
