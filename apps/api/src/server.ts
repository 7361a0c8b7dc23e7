import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { openDatabaseFromConfig } from './db/open-from-config';
import { startHousekeeping } from './jobs/housekeeping';
import { webDistDir } from './lib/root';
import { ensureAdmin } from './services/auth/create-staff-user';

async function main(): Promise<void> {
  const config = loadConfig(process.env, {
    webDist: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
  });
  let database;
  try {
    database = await openDatabaseFromConfig(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const admin = await ensureAdmin(database.db, {
    username: config.adminUsername,
    password: config.adminPassword,
  });
  const app = await buildApp({ config, database, logger: true });
  const stopHousekeeping = startHousekeeping(database.db, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: closing the server and the database…`);
    stopHousekeeping();
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Attend is running at ${config.publicUrl} (database: ${where})`);
  if (!config.webDist) console.log('The web app is not built: serving the API only (run npm run build).');
  if (admin.created && admin.generated) {
    console.log(`Created staff user "${admin.username}" with password: ${admin.password}`);
    console.log('This password is shown only once. Sign in at /dashboard/login.');
  } else if (admin.created) {
    console.log(`Created staff user "${admin.username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else if (config.adminUsername) {
    console.log(`Staff users already exist; ADMIN_USERNAME "${config.adminUsername}" was not created again.`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
