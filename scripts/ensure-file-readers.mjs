// Makes sure the readers the export tests open the app's files with are installed: openpyxl
// (Python) for .xlsx and Java for zips (its ZipInputStream), neither of which the app uses. Installs
// Debian's packages with apt-get when running as root.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt-install.mjs';

const READERS = [
  {
    name: 'openpyxl',
    packages: ['python3-openpyxl'],
    // Debian's package is for the system Python, which need not be the first python3 on PATH.
    present: () =>
      ['python3', '/usr/bin/python3'].some(
        (p) => spawnSync(p, ['-c', 'import openpyxl'], { stdio: 'ignore' }).status === 0,
      ),
  },
  {
    name: 'java',
    packages: ['default-jre-headless'],
    present: () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0,
  },
];

export function ensureFileReaders() {
  const missing = READERS.filter((r) => !r.present());
  if (missing.length === 0) return true;
  const packages = missing.flatMap((r) => r.packages);
  const what = missing.map((r) => r.name).join(' and ');
  return aptInstall(packages, what, 'the export tests') && READERS.every((reader) => reader.present());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureFileReaders() ? 0 : 1);
