/// <reference types="vite-plugin-pwa/client" />
// First: before any schema parses an answer.
import './lib/zod-config';
// Mantine's rules for the first screen only; the lazy pages bring the rest (app/router.tsx).
import './app/mantine-first.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/provider';
import { useLanguageSync } from './features/auth/hooks/use-language-sync';
import { restoreSession } from './lib/auth-session';
import { startLanguage } from './lib/i18n';
import { useForgetOfflineCopiesOnSignOut, useRefetchWhenSessionResumes } from './lib/offline-copy';

// Restore the session from the refresh cookie right away, in parallel with the first render.
void restoreSession();

// The service worker (vite.config.ts) makes every page open offline; a dev server has none. Loaded
// after the first screen: it does not delay it.
if (import.meta.env.PROD) {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}

/**
 * What follows the session for the whole app. A component of its own, drawing nothing: a change of
 * session (restored, signed out, back online) re-runs these, not the whole app below the providers.
 */
function SessionEffects() {
  useForgetOfflineCopiesOnSignOut();
  useRefetchWhenSessionResumes(queryClient);
  useLanguageSync();
  return null;
}

function Root() {
  // The static frame of index.html goes in the same paint as the app's first screen, so neither a
  // blank page nor both at once is ever shown.
  useLayoutEffect(() => document.getElementById('boot')?.remove(), []);
  return (
    <>
      <SessionEffects />
      <App />
    </>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// French or Swahili strings arrive first (one small chunk) so the first screen is not English first.
void startLanguage().then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
});
