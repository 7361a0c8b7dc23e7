import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreSession } from './lib/auth-session';

// Restore the session from the refresh cookie right away, in parallel with the first render.
void restoreSession();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
