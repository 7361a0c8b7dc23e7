import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes, type LazyPage } from '../src/app/router';
import { routeModules, sheetOf } from '../src/app/route-modules';

// route-modules.ts tells the build which files each address needs (the server names them in the
// page's HTML): it must say what the router really loads, for every lazy page.

const webRoot = path.resolve(import.meta.dirname, '..');

/** Every address of the route table with the lazy routes on its way, layouts first. */
function lazyChains(list: RouteObject[], prefix = '', chain: LazyPage[] = []): Map<string, LazyPage[]> {
  const found = new Map<string, LazyPage[]>();
  for (const route of list) {
    const full = route.path ? (route.path.startsWith('/') ? route.path : `${prefix}/${route.path}`) : prefix;
    const here = route.lazy ? [...chain, route.lazy as LazyPage] : chain;
    if (route.children) {
      for (const [pattern, lazies] of lazyChains(route.children, full, here)) found.set(pattern, lazies);
    } else if (route.path && route.path !== '*' && here.length > 0) {
      found.set(full, here);
    }
  }
  return found;
}

/** The pattern as an address, every parameter filled in. */
const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '7');

describe('the modules each address needs (route-modules.ts)', () => {
  const chains = lazyChains(routes);

  it('lists every lazy page of the router once', () => {
    const listed = routeModules.map((r) => r.pattern);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...chains.keys()].sort());
  });

  it.each(routeModules.map((r) => [r.pattern, r] as const))(
    '%s: the modules and the sheet the router loads',
    async (pattern, entry) => {
      const matched = matchRoutes(routes, sample(pattern)) ?? [];
      expect(matched.at(-1)?.route.path?.endsWith(pattern.split('/').at(-1) ?? '')).toBe(true);
      const lazies = matched.flatMap((m) => (m.route.lazy ? [m.route.lazy as LazyPage] : []));
      expect(lazies).toEqual(chains.get(pattern));
      expect(lazies.map((lazy) => lazy.sheet)).toEqual(entry.modules.map(() => sheetOf(entry.kind)));
      const loaded = await Promise.all(lazies.map((lazy) => lazy()));
      const expected = await Promise.all(
        entry.modules.map(
          async (module) => ((await import(path.join(webRoot, module))) as { default: unknown }).default,
        ),
      );
      expect(loaded.map((l) => l.Component)).toEqual(expected);
    },
  );
});
