import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../config';

/**
 * The configuration of `npm start`, without creating DATA_DIR/secret_key: backup and restore never
 * use the secret, and a mistyped DATA_DIR must not gain a new one.
 */
export function loadConfigWithoutSecret(): Config {
  return loadConfig(process.env, { secretKey: 'not used by npm run backup and npm run restore' });
}

/** A file name the operator typed, relative to where they ran `npm run` (npm itself runs in the root). */
export function callerPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** `20250131-142501` in local time: sorts by date, and is what the operator's clock says. */
export function fileStamp(date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** `path` itself, or with `-2`, `-3`… when something already has that name. */
export function unusedPath(base: string): string {
  let candidate = base;
  for (let n = 2; existsSync(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** The embedded database's files are in DATA_DIR/pglite. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function hasPgliteDatabase(dataDir: string): boolean {
  return existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));
}

/**
 * Writes `bytes` readable by this user only, whole or not at all: a temporary file beside it,
 * flushed, then renamed, so a crash never leaves a truncated backup under the final name.
 */
export function writePrivateFile(file: string, bytes: Uint8Array): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    try {
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Quotes a file name for the shell when it needs it, for commands the operator copies. */
export function shellWord(word: string): string {
  return /^[\w./:@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
