// Makes sure poppler-utils (pdfinfo, pdftotext, pdftoppm) is installed: the badge tests read the
// PDFs the API prints with them. Installs Debian's package with apt-get when running as root.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt-install.mjs';

function hasPdfinfo() {
  return spawnSync('pdfinfo', ['-v'], { stdio: 'ignore' }).status === 0;
}

export function ensurePoppler() {
  if (hasPdfinfo()) return true;
  return aptInstall(['poppler-utils'], 'pdfinfo (poppler-utils)', 'the badge tests') && hasPdfinfo();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensurePoppler() ? 0 : 1);
