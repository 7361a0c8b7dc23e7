import path from 'node:path';
import { Pack, Parser, type ReadEntry } from 'tar';

/**
 * Files PostgreSQL holds only while a server runs on the directory: a copy of postmaster.pid names
 * a process that is not the restored server's, and a lock file would claim a socket nobody holds.
 */
function isLockFile(name: string): boolean {
  const base = path.posix.basename(name);
  return base === 'postmaster.pid' || /\.(pid|lock)$/.test(base);
}

/**
 * The name an entry gets in a backup: relative to the database directory. PGlite's dump names its
 * entries from the root of its own file system (`/PG_VERSION`, `/base/1/112`), which `tar -P` or
 * Python's tarfile without a filter would write into `/`. Null for the directory itself.
 */
function relativeName(name: string): string | null {
  const relative = path.posix.normalize(name.replace(/^\/+/, '')).replace(/\/+$/, '');
  if (relative === '' || relative === '.') return null;
  if (relative === '..' || relative.startsWith('../')) {
    throw new Error(`the entry ${JSON.stringify(name)} lies outside the database directory`);
  }
  return relative;
}

/**
 * Rewrites a tarball of the embedded database's directory (gzip or not) as a gzip tarball that any
 * tar reader unpacks where it is told: entry names relative, lock and pid files left out (modes and
 * times kept). `npm run backup` writes its dump through this, and `npm run restore` reads every
 * file through it too, so a backup written before (absolute names, postmaster.pid) restores the
 * same way. Rejects with the reason when the bytes are not a readable tarball.
 */
export async function portableBackup(archive: Uint8Array): Promise<Buffer> {
  const pack = new Pack({ gzip: true });
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: Buffer) => chunks.push(chunk));
  const packed = new Promise<void>((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  let files = 0;
  const parsed = new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      strict: true,
      noResume: true,
      onReadEntry(entry: ReadEntry) {
        let name: string | null;
        try {
          name = relativeName(entry.path);
        } catch (err) {
          entry.resume();
          parser.abort(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        if (name === null || isLockFile(name) || (entry.type !== 'File' && entry.type !== 'Directory')) {
          entry.resume();
          return;
        }
        if (entry.type === 'File') files += 1;
        entry.path = name;
        pack.add(entry);
      },
    });
    parser.on('error', reject);
    parser.on('end', resolve);
    parser.end(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  });
  try {
    await parsed;
  } finally {
    pack.end();
  }
  await packed;
  if (files === 0) throw new Error('it holds no files');
  return Buffer.concat(chunks);
}
