import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Button, Loader, Stack } from '@mantine/core';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { t } from '../../../lib/i18n';
import { ts } from '../i18n';

/** The open panel's code (calendar-panel.tsx), asked for once. */
const loadCalendarPanel = () => import('./calendar-panel');
const CalendarPanel = lazy(loadCalendarPanel);

/**
 * "Add to calendar" on the participant's sessions page: the registered sessions as an .ics file,
 * and the private webcal:// address a calendar app subscribes to (fetched when the panel opens).
 * The panel's code is fetched once the page has loaded and is idle, or at the first opening.
 */
export function CalendarMenu() {
  const [opened, setOpened] = useState(false);
  // Kept once opened, hidden when closed: a download started in it still says how it went.
  const [drawn, setDrawn] = useState(false);
  if (opened && !drawn) setDrawn(true);
  const panelId = useId();
  useEffect(() => afterFirstScreen(() => void loadCalendarPanel().catch(() => undefined)), []);

  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls={panelId}
      >
        {ts('cal.add')}
      </Button>
      {/* Beside the button, not floating over the list: roomy enough on a phone. */}
      {drawn && (
        <Suspense fallback={opened ? <Loader size="sm" aria-label={t('app.loading')} /> : null}>
          <CalendarPanel id={panelId} hidden={!opened} />
        </Suspense>
      )}
    </Stack>
  );
}
