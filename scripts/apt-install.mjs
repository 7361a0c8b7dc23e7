// Installs Debian packages a test needs, with apt-get, when running as root (retrying once after
// `apt-get update`); otherwise says how. Returns whether apt-get succeeded.
import { spawnSync } from 'node:child_process';

/** `what` names the missing thing, `forWhat` the tests that need it (for the messages). */
export function aptInstall(packages, what, forWhat) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Missing ${what}. Install with: sudo apt-get install -y ${packages.join(' ')}`);
    return false;
  }
  console.log(`Installing ${packages.join(', ')} (Debian packages) for ${forWhat}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env,
    });
  let r = install();
  if (r.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    r = install();
  }
  return r.status === 0;
}
