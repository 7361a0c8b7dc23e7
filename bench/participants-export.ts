// npm run bench:export: GET …/participants/export/ for 10,000 participants, all confirmed (so
// 10,000 QR images are drawn), on PGlite and on PostgreSQL; time to the last byte and peak memory.
import { DATABASES, startTarget, table } from './participants-common';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);

const rows: (string | number)[][] = [];
for (const database of DATABASES) {
  let target;
  try {
    target = await startTarget({ databaseUrl: database.url, seed: PARTICIPANTS, confirmed: true });
  } catch (err) {
    console.error(`${database.label} skipped: ${err instanceof Error ? err.message : String(err)}`);
    continue;
  }
  try {
    const before = await target.stats(true);
    const started = performance.now();
    const res = await fetch(`${target.url}/api/events/${target.eventId}/participants/export/`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let bytes = 0;
    let firstByte = 0;
    let entries = 0;
    const reader = res.body.getReader();
    let tail = Buffer.alloc(0);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.length;
      // Central directory records ("PK\1\2") counted on the fly, one per file in the zip; the last
      // three bytes of each chunk are carried over so a record split between chunks still counts.
      const buf = Buffer.concat([tail, Buffer.from(value)]);
      for (let i = buf.indexOf('PK\u0001\u0002'); i >= 0; i = buf.indexOf('PK\u0001\u0002', i + 4)) entries++;
      tail = buf.subarray(Math.max(0, buf.length - 3));
    }
    const seconds = (performance.now() - started) / 1000;
    const stats = await target.stats();
    rows.push([
      database.label,
      PARTICIPANTS.toLocaleString('en-US'),
      entries,
      (bytes / 1024 / 1024).toFixed(1),
      (firstByte / 1000).toFixed(2),
      seconds.toFixed(2),
      before.rssMb,
      stats.peakRssMb,
      stats.maxRssMb,
    ]);
  } finally {
    await target.stop();
  }
}

console.log('\nParticipants export (zip: participants.csv + one QR PNG per confirmed participant)');
console.log(
  table(
    [
      'database',
      'participants',
      'zip entries',
      'zip MB',
      'first byte s',
      'last byte s',
      'RSS before MB',
      'peak RSS MB (sampled)',
      'process max RSS MB',
    ],
    rows,
  ),
);
