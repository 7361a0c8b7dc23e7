import type { Config } from '../config';
import { openDatabase, type Database } from './client';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR. Migrations run
 * on open unless `migrate` is false (the worker processes of a cluster, whose primary ran them, and
 * a first start on the embedded database, whose preparing child ran them).
 */
export function openDatabaseFromConfig(config: Config, opts: { migrate?: boolean } = {}): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, migrate: opts.migrate })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir, migrate: opts.migrate });
}
