/** Linux's ephemeral range starts at 32768: every outgoing connection takes its local port there. */
const FIRST = 20_000;
const LAST = 32_000;

/**
 * A random first port for a test's server processes, with `span` ports after it for the test's
 * own use, below Linux's ephemeral range. The two test runs side by side hold hundreds of
 * outgoing connections, each on a local port from that range, and a listening port chosen in it
 * was now and then already taken (EADDRINUSE).
 */
export function testPorts(span = 1): number {
  return FIRST + Math.floor(Math.random() * Math.floor((LAST - FIRST) / span)) * span;
}
