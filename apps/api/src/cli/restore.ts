import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, lockDataDir, openDatabase, resultRows } from '../db/client';
import { portableBackup } from '../services/backup/backup-archive';
import {
  callerPath,
  fileStamp,
  loadConfigWithoutSecret,
  pgliteDir,
  shellWord,
  unusedPath,
} from '../services/backup/backup-files';

const usage = 'Usage: npm run restore -- FILE   (a file written by npm run backup; stop the server first)';

class NotABackupError extends Error {}

/**
 * Opens the dump in `staging` (a directory beside DATA_DIR/pglite, so the swap is a rename) and
 * checks it is this app's database. Throws NotABackupError, leaving `staging` for the caller to remove.
 */
async function openDump(staging: string, bytes: Buffer): Promise<{ events: number; participants: number }> {
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const tar = bytes.length > 262 && bytes.subarray(257, 262).toString('latin1') === 'ustar';
  if (!gzip && !tar) throw new NotABackupError('it is neither a gzip nor a tar file');
  let database;
  try {
    // Backups written before had absolute names and postmaster.pid: every file is read through the
    // same rewrite as a new backup, so PGlite gets relative names and no stale lock either way.
    const archive = await portableBackup(bytes);
    // PGlite untars into staging/pglite; its lock, staging/attend.lock, goes with staging.
    database = await openDatabase({
      kind: 'pglite',
      dataDir: staging,
      loadDataDir: new Blob([archive], { type: 'application/gzip' }),
      migrate: false,
    });
  } catch (err) {
    throw new NotABackupError(
      `it does not open as a database: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  try {
    const [table] = resultRows<{ found: boolean }>(
      await database.db.execute(sql`select to_regclass('public.events') is not null as found`),
    );
    if (!table?.found) throw new NotABackupError('it is a database without the events table');
    const [counts] = resultRows<{ events: number; participants: number }>(
      await database.db.execute(
        sql`select (select count(*)::int from events) as events, (select count(*)::int from participants) as participants`,
      ),
    );
    return { events: counts?.events ?? 0, participants: counts?.participants ?? 0 };
  } catch (err) {
    if (err instanceof NotABackupError) throw err;
    throw new NotABackupError(`its data cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await database.close();
  }
}

/**
 * npm run restore -- FILE: replaces the embedded database (DATA_DIR/pglite) with a backup from
 * `npm run backup`, after checking that the file opens as this app's database. The database it
 * replaces is kept beside it, never deleted. The server must be stopped; it migrates at its next start.
 */
async function main(): Promise<number> {
  process.umask(0o077);
  const { positionals } = parseArgs({ options: {}, allowPositionals: true, strict: true });
  const given = positionals[0];
  if (positionals.length !== 1 || given === undefined) {
    console.error(usage);
    return 2;
  }
  const config = loadConfigWithoutSecret();
  if (config.databaseUrl) {
    console.error(
      'The server runs on PostgreSQL (DATABASE_URL): restore a pg_dump archive with pg_restore, for example\n' +
        `  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" ${shellWord(given)}`,
    );
    return 1;
  }
  const file = callerPath(given);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    console.error(
      `Cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)}). Nothing was changed.`,
    );
    return 1;
  }

  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(
      `A server or command (process ${err.pid ?? '?'}) is using the database in ${config.dataDir}: ` +
        'stop it, then run npm run restore again. Nothing was changed.',
    );
    return 1;
  }
  try {
    const stamp = fileStamp();
    const staging = unusedPath(path.join(config.dataDir, `restoring-${stamp}`));
    let found: { events: number; participants: number };
    try {
      found = await openDump(staging, bytes);
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      if (!(err instanceof NotABackupError)) throw err;
      console.error(`${file} is not a backup of this app's database: ${err.message}. Nothing was changed.`);
      return 1;
    }
    const live = pgliteDir(config.dataDir);
    let kept: string | null = null;
    if (existsSync(live)) {
      kept = unusedPath(`${live}.before-restore-${stamp}`);
      renameSync(live, kept);
    }
    try {
      renameSync(pgliteDir(staging), live);
    } catch (err) {
      if (kept) renameSync(kept, live);
      throw err;
    }
    rmSync(staging, { recursive: true, force: true });
    console.log(
      `Restored ${file} into ${live}: ${found.events} event(s), ${found.participants} participant(s).`,
    );
    if (kept) {
      console.log(
        `The database it replaced is kept in ${kept}: delete it yourself once the restored one is right.`,
      );
    }
    console.log(
      'Start the server as before: it applies any migrations the backup predates. It needs the secret that was in\n' +
        'effect when the backup was made (SECRET_KEY or DATA_DIR/secret_key, not part of the backup) to open the QR keys.',
    );
    return 0;
  } finally {
    unlock();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
