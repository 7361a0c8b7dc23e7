import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { portableBackup } from '../src/services/backup/backup-archive';

const work = mkdtempSync(path.join(tmpdir(), 'attend-tar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Python's tarfile, a reader (and writer) the app does not use; its standard output. */
function python(script: string, args: string[]): string {
  const r = spawnSync('python3', ['-c', script, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return r.stdout;
}

function tarNames(archive: Buffer): string[] {
  const file = path.join(work, 'names.tar.gz');
  writeFileSync(file, archive);
  return JSON.parse(
    python('import json, sys, tarfile; print(json.dumps(tarfile.open(sys.argv[1]).getnames()))', [file]),
  ) as string[];
}

describe('portableBackup', () => {
  it('turns PGlite’s dump (absolute names, postmaster.pid) into relative names that PGlite loads back', async () => {
    const pg = await PGlite.create();
    await pg.exec("create table events (name text); insert into events values ('Kept')");
    const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    await pg.close();
    const before = tarNames(dump);
    expect(before).toContain('/PG_VERSION');
    expect(before).toContain('/postmaster.pid');

    const portable = await portableBackup(dump);
    expect(portable.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const after = tarNames(portable);
    // The same entries, each named from the database directory, less the lock file.
    expect(after).toEqual(before.filter((n) => n !== '/postmaster.pid').map((n) => n.slice(1)));

    const back = await PGlite.create({ loadDataDir: new Blob([portable], { type: 'application/gzip' }) });
    expect((await back.query<{ name: string }>('select name from events')).rows).toEqual([{ name: 'Kept' }]);
    await back.close();
    // Rewriting a rewritten backup changes no name.
    expect(tarNames(await portableBackup(portable))).toEqual(after);
  }, 60_000);

  it('refuses an archive with a name that climbs out of the directory, and one that is not a tarball', async () => {
    const file = path.join(work, 'climbing.tar');
    python(
      [
        'import io, sys, tarfile',
        'with tarfile.open(sys.argv[1], "w") as t:',
        '    for name in ["PG_VERSION", "base/../../outside"]:',
        '        info = tarfile.TarInfo(name); info.size = 3',
        '        t.addfile(info, io.BytesIO(b"17\\n"))',
      ].join('\n'),
      [file],
    );
    await expect(portableBackup(readFileSync(file))).rejects.toThrow(
      'the entry "base/../../outside" lies outside the database directory',
    );
    await expect(portableBackup(Buffer.from('not a tarball at all'))).rejects.toThrow();
  });
});
