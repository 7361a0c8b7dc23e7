/**
 * Lets the event loop take other work (waiting requests, timers) before going on. Embedded PGlite
 * runs each statement synchronously on this thread and resolves it as a promise, so a loop of
 * statements awaited one after the other never leaves the microtask queue: ten short statements
 * hold every other request as long as one long one. Loops over chunks call this between chunks.
 */
export function giveWay(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * `items.map(fn)` for synchronous work over many items (validating or planning an import's rows):
 * gives way every `every` items, so a long list never holds the event loop in one piece.
 */
export async function mapGivingWay<T, R>(
  items: readonly T[],
  every: number,
  fn: (item: T, index: number) => R,
): Promise<R[]> {
  const out: R[] = [];
  for (const [i, item] of items.entries()) {
    if (i > 0 && i % every === 0) await giveWay();
    out.push(fn(item, i));
  }
  return out;
}
