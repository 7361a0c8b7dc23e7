/**
 * Settles when `promise` settles (fulfilled or not: the caller only waits) or after `ms`, whichever
 * comes first. For waits that must never hold a page for long: the first screen's session and answer.
 */
export function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
