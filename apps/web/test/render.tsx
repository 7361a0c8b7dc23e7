import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { cssVariablesResolver, theme } from '../src/app/theme';

/**
 * Mantine reads media queries (colour scheme, breakpoints). A fixed answer keeps renders the same
 * whatever the DOM implementation offers: no query matches, and listeners are never called.
 */
function stubMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const list: Pick<
        MediaQueryList,
        | 'matches'
        | 'media'
        | 'onchange'
        | 'addListener'
        | 'removeListener'
        | 'addEventListener'
        | 'removeEventListener'
        | 'dispatchEvent'
      > = {
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
      return list as MediaQueryList;
    },
  });
}

stubMatchMedia();

/**
 * Renders `routes` at `path` the way the app wraps its pages (see src/app/provider.tsx): Mantine with
 * the app theme, a query client of its own (no retries, so refusals show at once) and a memory router.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const ui: ReactElement = (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ...render(ui), router, queryClient };
}
