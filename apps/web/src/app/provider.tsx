import { Fragment, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications, useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../lib/http';
import { i18n, useLanguage } from '../lib/i18n';
import { NOTIFY_DEFAULT_MS } from '../lib/notify';
import { AppErrorBoundary } from './routes/error-boundary';
import { theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not change on retry; network failures may.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 1,
    },
  },
});

/**
 * Screens read their strings (and date and number formats) while rendering: a change of language
 * mounts them afresh. The session and the fetched data live above, so nothing is lost but unsaved
 * form input.
 */
function RenderedInLanguage({ children }: { children: ReactNode }) {
  const [language] = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}

/**
 * The toasts' layer (top right, one at a time), drawn from the first toast on: until then a page's
 * first drawing does not build its six empty corners (a tenth of the components of a participant's
 * page). A toast shown before it is drawn waits in Mantine's store and appears with it.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Notifications
      position="top-right"
      className="attend-toasts"
      limit={1}
      autoClose={NOTIFY_DEFAULT_MS}
      zIndex={1000}
    />
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* The theme's CSS variables are a static style sheet (app/mantine-variables.css, imported by
          main.tsx), not a style element built at every start. */}
      <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false}>
        <Toasts />
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <RenderedInLanguage>{children}</RenderedInLanguage>
          </QueryClientProvider>
        </AppErrorBoundary>
      </MantineProvider>
    </I18nextProvider>
  );
}
