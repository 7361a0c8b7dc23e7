/**
 * Runs `fn` once the browser has painted what the page shows now: work that can wait a frame (the
 * attendance list, the counts and the chart after a check-in, a toast) does not hold back the
 * result the person at the door is looking for. Within 100 ms at the latest, since a hidden page
 * draws no frames.
 */
export function afterPaint(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 100);
}
