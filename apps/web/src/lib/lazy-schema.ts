/**
 * A schema built the first time something reads it. The web build defines packages/shared's schemas
 * through this (scripts/lazy-schemas.mjs): a page's code imports a file of dozens of schemas for two
 * or three of them, and on a slow phone building all of them at load time held the page's first
 * drawing back. Each is now built when an answer is first checked against it (or another schema is
 * built from it), once.
 *
 * The stand-in forwards every read to the built schema, so zod, which reads a schema's `_zod` and
 * calls its methods (closures over the schema itself), sees no difference; `instanceof` works through
 * zod's own `Symbol.hasInstance`, which reads `_zod` too.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The stand-in itself has none of these properties: a proxy may only report them configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
