/**
 * How long after the page's load event the browser is left to the page: its answers, images and
 * fonts arrive and are drawn in the first second or so after the load, even on a slow phone.
 */
const SETTLE_MS = 1500;
/** Longest wait for an idle moment after that. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `work` once the page has loaded (its scripts, styles and images), has had SETTLE_MS to draw
 * what those bring (the QR code, the badge), and the browser is idle: for what the first screen
 * does not show (the service worker, the web app manifest, the phone menu's code). Their downloads
 * then never share a slow network with the page's own. Returns a function that cancels it if it has
 * not run yet.
 */
export function afterFirstScreen(work: () => void): () => void {
  let cancelWait = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
      cancelWait = () => window.cancelIdleCallback(idle);
    } else work();
  };
  const settle = () => {
    const timer = setTimeout(whenIdle, SETTLE_MS);
    cancelWait = () => clearTimeout(timer);
  };
  if (document.readyState === 'complete') settle();
  else {
    window.addEventListener('load', settle, { once: true });
    cancelWait = () => window.removeEventListener('load', settle);
  }
  return () => cancelWait();
}
