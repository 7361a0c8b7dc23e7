import cluster from 'node:cluster';
import type { Config } from './config';

/** How long the processes get to finish what they are doing after SIGTERM before they are killed. */
const STOP_GRACE_MS = 10_000;
/** A process that died is replaced after this pause (a crash loop does not spin the CPU). */
const RESPAWN_DELAY_MS = 1_000;

/**
 * WEB_CONCURRENCY=N: the primary process (which has migrated the database and created the admin)
 * forks N server processes that share the port and the PostgreSQL server. Everything they share
 * lives in the database: sign-ins, limits, the outbox, upload results, live check-in notifications.
 * A process that dies is replaced; SIGTERM or SIGINT stops them all, each finishing its requests.
 */
export async function runCluster(config: Config): Promise<void> {
  const count = config.webConcurrency;
  let stopping = false;
  let listening = 0;
  const allListening = new Promise<void>((resolve) => {
    cluster.on('listening', () => {
      listening += 1;
      if (listening === count) resolve();
    });
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(
      `Server process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`,
    );
    setTimeout(() => cluster.fork(), RESPAWN_DELAY_MS).unref();
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping the ${count} server processes…`);
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const exited = workers.map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    void Promise.all(exited).then(() => {
      clearTimeout(force);
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < count; i++) cluster.fork();
  await allListening;
  console.log(
    `Attend is running at ${config.publicUrl} (${count} processes, database: PostgreSQL (DATABASE_URL))`,
  );
}
