import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

// findBy… and waitFor wait up to 5 s rather than 1 s: on a busy machine rendering a 50-row table can
// take longer than a second. A check that passes still waits only as long as it needs.
configure({ asyncUtilTimeout: 5000 });

// happy-dom's fetch needs absolute URLs; the app calls same-origin paths.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
});
afterAll(() => server.close());
