import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DataDirLockedError, openDatabase } from '../db/client';
import { portableBackup } from '../services/backup/backup-archive';
import {
  callerPath,
  fileStamp,
  formatSize,
  hasPgliteDatabase,
  loadConfigWithoutSecret,
  shellWord,
  writePrivateFile,
} from '../services/backup/backup-files';
import { BackupSocketError, requestBackup } from '../services/backup/backup-socket';

const usage = 'Usage: npm run backup [-- FILE]   (default: attend-backup-YYYYMMDD-HHMMSS.tar.gz here)';

/**
 * npm run backup: a consistent copy of the embedded database (DATA_DIR/pglite) as a gzip tarball,
 * from the running server over its socket in DATA_DIR, or read directly when no server runs.
 * `npm run restore` puts it back. On PostgreSQL it prints the pg_dump command instead.
 */
async function main(): Promise<number> {
  process.umask(0o077);
  const { positionals } = parseArgs({ options: {}, allowPositionals: true, strict: true });
  if (positionals.length > 1) {
    console.error(usage);
    return 2;
  }
  const config = loadConfigWithoutSecret();
  const given = positionals[0];
  if (config.databaseUrl) {
    const name = given ?? `attend-backup-${fileStamp()}.dump`;
    console.error(
      'The server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump, for example\n' +
        `  pg_dump -Fc -d "$DATABASE_URL" -f ${shellWord(name)}\n` +
        `and restore it with pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" ${shellWord(name)}`,
    );
    return 1;
  }
  const file = callerPath(given ?? `attend-backup-${fileStamp()}.tar.gz`);
  if (existsSync(file)) {
    console.error(`${file} already exists: name another file (a backup never replaces one).`);
    return 1;
  }

  let bytes = await requestBackup(config.dataDir);
  let how = 'from the running server';
  if (!bytes) {
    if (!hasPgliteDatabase(config.dataDir)) {
      console.error(
        `There is no embedded database in ${config.dataDir} to back up (set DATA_DIR to the one the server uses).`,
      );
      return 1;
    }
    let database;
    try {
      database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir, migrate: false });
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      // Locked, yet nobody answered on the socket: a server still starting, or another command.
      console.error(
        `${config.dataDir} is in use by a process that does not answer on the backup socket ` +
          `(process ${err.pid ?? '?'}): if a server is starting, try again once it ` +
          'runs; if a command such as create-staff runs, once it has finished. No backup was written.',
      );
      return 1;
    }
    try {
      const dump = database.embedded?.dump;
      if (!dump) throw new Error('The embedded database cannot be dumped.');
      bytes = Buffer.from(await (await dump()).arrayBuffer());
    } finally {
      await database.close();
    }
    how = 'the server is not running: read directly';
  }
  // PGlite names the entries from its file system's root (/PG_VERSION) and includes postmaster.pid.
  bytes = await portableBackup(bytes);
  writePrivateFile(file, bytes);
  console.log(`Wrote ${file} (${formatSize(bytes.length)}, ${how}).`);
  console.log(
    'It holds the whole database; the secret (SECRET_KEY or DATA_DIR/secret_key) is not in it: keep that separately.',
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof BackupSocketError) {
      console.error(`${err.message}\nNo backup was written.`);
    } else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
