// npm run bench:search: GET /api/events/{id}/participants/?search=… over 50,000 participants at 20
// concurrent requests, on PGlite and on PostgreSQL, beside two driver baselines in the same process:
// the very statements the API runs for those terms (recorded from the service, replayed without HTTP)
// and the raw trigram-index work of counting and sorting every match (the design before the bound).
// The API is measured twice: by autocannon, which opens its connections as the run starts, and over
// connections already open (kept alive and warmed first), as a staff member's browser holds them.
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { DATABASES, startTarget, table } from './participants-common';
import { SEARCH_SCENARIOS } from './participants-data';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 50_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_SCENARIOS?.split(',');

type Baseline = { rps: number; p50: number; p99: number };

/**
 * `connections` clients, each sending the next of `paths` when its answer is in, over connections
 * kept open: a warm-up of two seconds on the very same connections, then `seconds` measured. On a
 * busy single-threaded server, connections opened while it is saturated wait up to a second for
 * their first answer (a bare Fastify route of 8 ms: p99 789 ms over 3 s from new connections, 288 ms
 * over 10 s, 166 ms steady), which autocannon's figures include.
 */
async function openConnectionsLoad(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Baseline> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(`${base}${path}`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  let next = 0;
  const run = async (until: number, latencies: number[] | null) => {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          const started = performance.now();
          const status = await get(paths[next++ % paths.length] ?? '/');
          if (status !== 200) throw new Error(`HTTP ${status}`);
          latencies?.push(performance.now() - started);
        }
      }),
    );
  };
  await run(Date.now() + 2000, null);
  const latencies: number[] = [];
  await run(Date.now() + seconds * 1000, latencies);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** `items` starting at index `start` (wrapping round). */
function rotated<T>(items: T[], start: number): T[] {
  const at = start % items.length;
  return [...items.slice(at), ...items.slice(0, at)];
}

const rows: (string | number)[][] = [];
const json: Record<string, unknown>[] = [];
for (const database of DATABASES) {
  let target;
  try {
    target = await startTarget({ databaseUrl: database.url, seed: PARTICIPANTS });
  } catch (err) {
    console.error(`${database.label} skipped: ${err instanceof Error ? err.message : String(err)}`);
    continue;
  }
  try {
    const headers = { authorization: `Bearer ${target.token}` };
    for (const scenario of SEARCH_SCENARIOS.filter((sc) => !ONLY || ONLY.includes(sc.name))) {
      const requests = scenario.terms.map((term) => ({
        method: 'GET' as const,
        path: `/api/events/${target.eventId}/participants/?search=${encodeURIComponent(term)}`,
      }));
      let bounded = 0;
      for (const request of requests) {
        const res = await fetch(`${target.url}${request.path}`, { headers });
        if (((await res.json()) as { count_is_lower_bound?: boolean }).count_is_lower_bound) bounded++;
      }
      await autocannon({ url: target.url, connections: 5, duration: 2, headers, requests });
      // Each connection starts at its own term, as people type different things: with the same
      // start, all 20 send the same term at the same moment (20 of the heaviest queued at once).
      let client = 0;
      const r = await autocannon({
        url: target.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests,
        setupClient: (c) => c.setRequests(rotated(requests, client++)),
      });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
      const open = await openConnectionsLoad(
        target.url,
        requests.map((q) => q.path),
        headers,
        CONNECTIONS,
        SECONDS,
      );
      const baseline = async (kind: 'same' | 'full') => {
        const q = new URLSearchParams({
          seconds: String(SECONDS),
          connections: String(CONNECTIONS),
          terms: scenario.terms.join(','),
          kind,
        });
        const res = await fetch(`${target.ctl}/baseline?${q.toString()}`);
        if (!res.ok) throw new Error(`baseline ${kind}: ${res.status} ${await res.text()}`);
        return (await res.json()) as Baseline;
      };
      const same = await baseline('same');
      const full = await baseline('full');
      rows.push([
        database.label,
        scenario.name,
        `${bounded} of ${requests.length}`,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        open.rps.toFixed(0),
        open.p50.toFixed(1),
        open.p99.toFixed(1),
        same.rps.toFixed(0),
        same.p99.toFixed(1),
        (r.requests.average / same.rps).toFixed(2),
        full.rps.toFixed(0),
        full.p99.toFixed(1),
        (r.requests.average / full.rps).toFixed(2),
      ]);
      json.push({
        database: target.kind,
        scenario: scenario.name,
        api: { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 },
        apiOpenConnections: open,
        driverSameStatements: same,
        driverFullCount: full,
      });
    }
  } finally {
    await target.stop();
  }
}

console.log(
  `\nParticipant search, ${PARTICIPANTS.toLocaleString('en-US')} participants, ${CONNECTIONS} concurrent, ` +
    `${SECONDS} s per scenario; ` +
    SEARCH_SCENARIOS.map((sc) => `${sc.name}: ${sc.terms.join(', ')}`).join('; '),
);
console.log(
  table(
    [
      'database',
      'terms',
      'over 1,000',
      'API req/s',
      'API p50 ms',
      'API p99 ms',
      'open conn. req/s',
      'p50 ms',
      'p99 ms',
      'same stmts q/s',
      'p99 ms',
      'API/same',
      'full count q/s',
      'p99 ms',
      'API/full count',
    ],
    rows,
  ),
);
console.log(JSON.stringify({ bench: 'search', participants: PARTICIPANTS, results: json }));
