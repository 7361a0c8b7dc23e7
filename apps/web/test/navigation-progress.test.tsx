import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Outlet } from 'react-router';
import { NavigationProgress } from '../src/components/navigation-progress';
import { deferred } from './fixtures';
import { renderRoutes } from './render';

function Shell() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

const bar = () => screen.queryByRole('progressbar', { name: 'Loading…' });

describe('the route progress bar', () => {
  it('shows at once while the next page downloads, and is removed when the page is there', async () => {
    const code = deferred<{ Component: ComponentType }>();
    const { router } = renderRoutes(
      [
        {
          Component: Shell,
          children: [
            { path: '/', Component: () => <h1>Start</h1> },
            { path: '/next', lazy: () => code.promise },
          ],
        },
      ],
      '/',
    );
    await screen.findByRole('heading', { name: 'Start' });
    expect(bar()).toBeNull();

    act(() => void router.navigate('/next'));
    // No timer has run: the bar is there in the same render as the click.
    expect(bar()).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Start' })).toBeTruthy();

    await act(async () => code.resolve({ Component: () => <h1>Next</h1> }));
    await screen.findByRole('heading', { name: 'Next' });
    expect(bar()).toBeNull();
  });

  it("shows while a page's first data loads, not while data on screen refreshes", async () => {
    let answer = deferred<string>();
    function Page() {
      const query = useQuery({ queryKey: ['greeting'], queryFn: () => answer.promise });
      return <h1>{query.data ?? 'waiting'}</h1>;
    }
    const { queryClient } = renderRoutes(
      [{ Component: Shell, children: [{ path: '/', Component: Page }] }],
      '/',
    );
    await screen.findByRole('heading', { name: 'waiting' });
    expect(bar()).not.toBeNull();

    await act(async () => answer.resolve('hello'));
    await screen.findByRole('heading', { name: 'hello' });
    expect(bar()).toBeNull();

    answer = deferred<string>();
    act(() => void queryClient.invalidateQueries({ queryKey: ['greeting'] }));
    // Let the query cache tell its subscribers (it batches on a timer).
    await act(() => new Promise((settle) => setTimeout(settle, 20)));
    expect(queryClient.isFetching({ queryKey: ['greeting'] })).toBe(1);
    expect(bar()).toBeNull();
    await act(async () => answer.resolve('again'));
    await screen.findByRole('heading', { name: 'again' });
  });
});
