import type { DataRouter } from 'react-router';
// The DOM flavour supports `flushSync` navigations (used by logout).
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';

export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
