/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />
// First: before any schema parses an answer.
import './lib/zod-config';
// Mantine's rules for the first screen only; the lazy pages bring the rest (app/router.tsx).
import './app/mantine-first.css';
import './app/mantine-variables.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import type { DataRouter } from 'react-router';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/provider';
import { createAppRouter, whenRouterReady } from './app/router';
import { useLanguageSync } from './features/auth/hooks/use-language-sync';
import { afterFirstScreen } from './lib/after-first-screen';
import { atMost } from './lib/at-most';
import { restoreSession, whenSessionSettled } from './lib/auth-session';
import { startLanguage } from './lib/i18n';
import { useForgetOfflineCopiesOnSignOut, useRefetchWhenSessionResumes } from './lib/offline-copy';

// Restore the session from the refresh cookie right away, in parallel with the first render.
void restoreSession();

/**
 * The service worker (vite.config.ts) makes every page open offline, and the web app manifest makes
 * the app installable; a dev server has neither. Both come once the first screen is drawn and the
 * page has loaded (lib/after-first-screen.ts): the service worker's code and the whole app's
 * precache, the manifest and its icon never compete with the page's own downloads.
 */
function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD) return;
  // Without a network by then, the next visit does it: the page works the same meanwhile.
  const dropped = () => undefined;
  afterFirstScreen(() => {
    import('virtual:pwa-info').then(({ pwaInfo }) => {
      if (!pwaInfo || document.querySelector('link[rel="manifest"]')) return;
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = pwaInfo.webManifest.href;
      if (pwaInfo.webManifest.useCredentials) link.crossOrigin = 'use-credentials';
      document.head.append(link);
    }, dropped);
    import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }), dropped);
  });
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

function Root({ router }: { router: DataRouter }) {
  // The static frame of index.html goes in the same paint as the app's first screen, so neither a
  // blank page nor both at once is ever shown.
  useLayoutEffect(() => document.getElementById('boot')?.remove(), []);
  return (
    <>
      <SessionEffects />
      <App router={router} />
    </>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/** Longest wait for the session before the first screen is drawn anyway (as restoring). */
const SESSION_WAIT_MS = 4000;

// The first page's code, the session (the account kept on this device, or the refresh's answer) and,
// for French or Swahili, its strings (one small chunk) arrive before the first screen is drawn:
// index.html's frame stays until then, and the page is drawn once, for its user and in its language,
// instead of a loading frame first (a few hundred milliseconds of a slow phone's thread each).
// The router is made in a task of its own, after this script's evaluation: matching the address,
// starting the page's loaders and asking for its code is the largest part of the start-up, and in one
// task with the evaluation it was one long block of a slow phone's thread (most of all when the
// service worker hands every script over at once, so nothing spaces the two out).
function draw(router: DataRouter, into: HTMLElement) {
  const root = createRoot(into);
  // Named in the browser's performance timeline (bench/page-work.ts reads it).
  const start = performance.now();
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root router={router} />
      </StrictMode>,
    ),
  );
  performance.measure('attend:first-drawing', { start, end: performance.now() });
}
const language = startLanguage();
const sessionSettled = atMost(whenSessionSettled(), SESSION_WAIT_MS);
setTimeout(() => {
  const router = createAppRouter();
  // A page whose code is lazy is drawn in a task of its own: otherwise the drawing would run on in
  // the task that evaluated that code, one long block of the thread instead of two shorter ones.
  const drawnLater = !router.state.initialized;
  void Promise.all([language, whenRouterReady(router), sessionSettled]).then(() => {
    const drawFirstScreen = () => {
      draw(router, container);
      registerServiceWorkerLater();
    };
    if (drawnLater) setTimeout(drawFirstScreen, 0);
    else drawFirstScreen();
  });
}, 0);
