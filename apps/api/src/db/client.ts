import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/root';
import { runDataSteps } from './data-steps';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel (on PostgreSQL over one dedicated connection, so notifications
   * from every process arrive); resolves once listening, to the function that stops it.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** Set for the embedded database kept in a DATA_DIR (not in memory): what `npm run backup` reads. */
  embedded?: { dataDir: string; dump: () => Promise<Blob> };
};

/**
 * The embedded database's page cache, inside its WebAssembly memory (PostgreSQL's default, 128MB,
 * was most of an idle server's RSS). Pages it does not hold are read from the operating system's
 * file cache, so a smaller cache costs little: the working set of an event of 50,000 participants,
 * its search index included, is about this size.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export class DataDirLockedError extends Error {
  /** The process holding the lock, when one does. */
  pid: number | undefined;
  constructor(message: string, pid?: number) {
    super(message);
    this.pid = pid;
  }
}

/** The rows of a raw `db.execute(sql…)` (both drivers answer `{rows}`). */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A hand-written statement (a data-modifying CTE, which the query builder cannot prepare) prepared
 * once per connection under `name`; its parameters are `sql.placeholder(…)`s filled by `execute`.
 * Goes through Drizzle's own session, as the builder's `.prepare(name)` does.
 */
export function prepareRaw<T>(
  db: DbOrTx,
  name: string,
  query: SQL,
): { execute: (values: Record<string, unknown>) => Promise<T[]> } {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return { execute: async (values) => resultRows<T>(await prepared.execute(values)) };
}

/**
 * Takes an exclusive lock on the embedded database directory. PGlite is single-process: a second
 * process opening the same files would corrupt them, so it must fail before touching them.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'attend.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The database in ${dir} is already in use by another running instance (process ${pid}). ` +
            'Stop that instance first, or set DATA_DIR to another directory.',
          pid,
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a crashed process
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; migrate?: boolean }
  | { kind: 'postgres'; url: string; poolSize?: number; migrate?: boolean };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      // idle client errors (server restart) are reported by the next query instead
    });
    const db = drizzlePg({ client: pool, schema });
    if (opts.migrate !== false) {
      await migratePg(db, { migrationsFolder: migrationsDir });
      await runDataSteps(db);
    }
    const listen: Database['listen'] = async (channel, onPayload) => {
      const client = new pg.Client({ connectionString: opts.url });
      client.on('error', () => {
        // The connection dropped: callers see no more notifications and reconnect on their side.
      });
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
      });
      await client.query(`listen "${channel.replace(/"/g, '')}"`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    };
    return { db: db as unknown as Db, kind: 'postgres', listen, close: () => pool.end() };
  }
  let unlock = () => {};
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.join(opts.dataDir, 'pglite');
    unlock = lockDataDir(opts.dataDir);
  }
  try {
    const client = await PgliteThread.start({
      dataDir,
      loadDataDir: opts.loadDataDir,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    // Drizzle's PGlite driver uses only query, exec and transaction, which the thread answers.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    if (opts.migrate !== false) {
      await migratePglite(db, { migrationsFolder: migrationsDir });
      await runDataSteps(db);
    }
    const listen: Database['listen'] = async (channel, onPayload) => client.listen(channel, onPayload);
    const dump = async () => {
      // Flushed first, so the copy needs little WAL replay when it is opened; PGlite runs the dump
      // between two statements, so it is a consistent snapshot even while requests are served.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    };
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      listen,
      embedded: opts.dataDir ? { dataDir: opts.dataDir, dump } : undefined,
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Dumps a migrated in-memory PGlite so tests can start from a snapshot instead of migrating. */
export async function createPgliteTemplate(): Promise<Blob> {
  const client = await PgliteThread.start({ startParams: PGlite.defaultStartParams });
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  await migratePglite(db, { migrationsFolder: migrationsDir });
  await runDataSteps(db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/**
 * Runs `work`, whose statements are reads that belong together, in one pass through the embedded
 * database. Its thread answers one statement at a time, in the order they arrive: three statements
 * awaited one after the other would wait in that line three times, behind every request that
 * arrived meanwhile, so under load a request of three statements took about three times as long as
 * one of one. Here the statements after the first go to the front of the line. On PostgreSQL (a pool
 * of connections, no line) `work` runs as it is.
 */
export function backToBack<T>(db: DbOrTx, work: (db: DbOrTx) => Promise<T>): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PgliteThread)) return work(db);
  const { dialect, _: config } = db as unknown as {
    dialect: PgDialect;
    _: { schema: never; fullSchema: Schema; tableNamesMap: Record<string, string> };
  };
  const session = new PgliteSession(client.together() as unknown as PGlite, dialect, config);
  return work(new PgliteDatabase(dialect, session, config) as unknown as Db);
}
