// Makes sure Debian's Chromium is installed for the browser journeys (Playwright's own download
// does not work on our machines). Installs it with apt-get when running as root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = ['apt-get', ['install', '-y', '--no-install-recommends', 'chromium']];
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    return false;
  }
  console.log('Installing Chromium (Debian package) for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync(apt[0], apt[1], { stdio: 'inherit', env });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    r = spawnSync(apt[0], apt[1], { stdio: 'inherit', env });
  }
  return r.status === 0 && existsSync(CHROMIUM);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureChromium() ? 0 : 1);
