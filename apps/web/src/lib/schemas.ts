type FirstScreenSchemas = typeof import('./first-screen-schemas');

let loading: Promise<FirstScreenSchemas> | null = null;

/**
 * The first-screen schemas' module, loaded once. zod and the schemas are about a fifth of the app's
 * start-up code, and the first screen draws without them: they are needed only once an answer
 * arrives, and loading starts early enough (preloadSchemas) to be there by then.
 */
export function preloadSchemas(): Promise<FirstScreenSchemas> {
  loading ??= import('./first-screen-schemas').catch((err: unknown) => {
    loading = null; // offline before it was ever fetched: the next call tries again
    throw err;
  });
  return loading;
}

/** A schema `http` loads when the answer comes: `schema: later('ZMe')`. */
export function later<K extends keyof FirstScreenSchemas>(name: K): () => Promise<FirstScreenSchemas[K]> {
  return async () => (await preloadSchemas())[name];
}
