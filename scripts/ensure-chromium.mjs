// Makes sure Debian's Chromium is installed for the browser journeys (Playwright's own download
// does not work on our machines). Installs it with apt-get when running as root.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt-install.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  return aptInstall(['chromium'], `Chromium at ${CHROMIUM}`, 'the browser tests') && existsSync(CHROMIUM);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(ensureChromium() ? 0 : 1);
