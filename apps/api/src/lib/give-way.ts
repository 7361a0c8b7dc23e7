/**
 * Lets the event loop take other work (waiting requests, timers) before going on. Embedded PGlite
 * runs each statement synchronously on this thread and resolves it as a promise, so a loop of
 * statements awaited one after the other never leaves the microtask queue: ten short statements
 * hold every other request as long as one long one. Loops over chunks call this between chunks.
 */
export function giveWay(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
