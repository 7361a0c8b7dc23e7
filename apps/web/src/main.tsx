/// <reference types="vite-plugin-pwa/client" />
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreSession } from './lib/auth-session';
import { useForgetOfflineCopiesOnSignOut } from './lib/offline-copy';

// Restore the session from the refresh cookie right away, in parallel with the first render.
void restoreSession();

// The service worker (vite.config.ts) makes every page open offline; a dev server has none. Loaded
// after the first screen: it does not delay it.
if (import.meta.env.PROD) {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
}

function Root() {
  useForgetOfflineCopiesOnSignOut();
  return <App />;
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
