// npm run bench:search: GET /api/events/{id}/participants/?search=… over 50,000 participants at 20
// concurrent requests, against the same three statements sent straight through the database driver
// in the same process (the baseline), on PGlite and on PostgreSQL.
import autocannon from 'autocannon';
import { DATABASES, startTarget, table } from './participants-common';
import { SEARCH_SCENARIOS } from './participants-data';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 50_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const rows: (string | number)[][] = [];
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
    for (const scenario of SEARCH_SCENARIOS) {
      const requests = scenario.terms.map((term) => ({
        method: 'GET' as const,
        path: `/api/events/${target.eventId}/participants/?search=${encodeURIComponent(term)}`,
      }));
      let matches = 0;
      for (const request of requests) {
        const res = await fetch(`${target.url}${request.path}`, { headers });
        matches += ((await res.json()) as { count: number }).count;
      }
      await autocannon({ url: target.url, connections: 5, duration: 2, headers, requests });
      const r = await autocannon({
        url: target.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests,
      });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
      const q = new URLSearchParams({
        seconds: String(SECONDS),
        connections: String(CONNECTIONS),
        terms: scenario.terms.join(','),
      });
      const base = (await (await fetch(`${target.ctl}/baseline?${q.toString()}`)).json()) as {
        rps: number;
        p99: number;
      };
      rows.push([
        database.label,
        scenario.name,
        Math.round(matches / requests.length),
        r.requests.average.toFixed(0),
        r.latency.p99.toFixed(1),
        base.rps.toFixed(0),
        base.p99.toFixed(1),
        (r.requests.average / base.rps).toFixed(2),
      ]);
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
      'avg matches',
      'API req/s',
      'API p99 ms',
      'driver q/s',
      'driver p99 ms',
      'API/driver',
    ],
    rows,
  ),
);
