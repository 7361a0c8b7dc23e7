import type { Config } from './config';
import type { Database } from './db/client';
import { buildApp } from './app';
import { startHousekeeping } from './jobs/housekeeping';
import { jobDeps } from './jobs/job-deps';
import { serveBackups } from './services/backup/backup-socket';

/**
 * Serves the app on an open database until SIGINT/SIGTERM, then closes the server and the database
 * (the embedded one flushes its files) before exiting.
 */
export async function runApp(
  config: Config,
  database: Database,
  opts: { announce?: boolean } = {},
): Promise<void> {
  const app = await buildApp({ config, database, logger: true, jobs: true });
  const stopHousekeeping = startHousekeeping({
    ...jobDeps(database.db, config, app.log),
    embedded: database.kind === 'pglite',
  });
  // The embedded database is locked to this process: npm run backup asks it for the dump.
  const stopBackups = database.embedded
    ? await serveBackups(database.embedded.dataDir, database.embedded.dump, {
        warn: (msg) => app.log.warn(msg),
        error: (msg) => app.log.error(msg),
      })
    : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (opts.announce !== false) console.log(`${signal} received: closing the server and the database…`);
    stopHousekeeping();
    try {
      await stopBackups();
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (opts.announce === false) return;
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Attend is running at ${config.publicUrl} (database: ${where})`);
  if (!config.webDist) console.log('The web app is not built: serving the API only (run npm run build).');
}
