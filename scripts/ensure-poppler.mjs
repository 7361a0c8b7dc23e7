// Makes sure poppler-utils (pdfinfo, pdftotext, pdftoppm) is installed: the badge tests read the
// PDFs the API prints with them. Installs Debian's package with apt-get when running as root.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

function hasPdfinfo() {
  return spawnSync('pdfinfo', ['-v'], { stdio: 'ignore' }).status === 0;
}

export function ensurePoppler() {
  if (hasPdfinfo()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error('pdfinfo is missing. Install poppler-utils with: sudo apt-get install -y poppler-utils');
    return false;
  }
  console.log('Installing poppler-utils (Debian package) for the badge tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], {
      stdio: 'inherit',
      env,
    });
  let r = install();
  if (r.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    r = install();
  }
  return r.status === 0 && hasPdfinfo();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensurePoppler() ? 0 : 1);
