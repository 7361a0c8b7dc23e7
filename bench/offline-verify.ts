// npm run bench:offline-verify: how long an offline station takes to check one QR credential, in
// Chromium (the browser the journeys use), as the station does it: the Ed25519 signature with
// WebCrypto, and with @noble/ed25519 (the fallback for browsers without WebCrypto Ed25519); a typed
// code is not checked at the station (the server checks it on sync). Each is timed cold (key import
// and first check) and warm (median and p99 of 200 checks), on the desktop CPU and with the CPU
// slowed 4× (DevTools' throttling, roughly a mid-range phone). The issue's target: under 50 ms per QR on the station.
// The cold figure is paid once, when the station loads its pack (the key import; @noble/ed25519's
// tables are built then too), not at the first scan.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import {
  base64UrlDecode,
  generateQrKeyPair,
  importQrSigningKey,
  parseQrCredential,
  QR_CREDENTIAL_PAYLOAD_LENGTH,
  qrCredentialMessage,
  signQrCredential,
} from '@attend/shared';
import { table } from './participants-common';

const TARGET_MS = 50;
const RUNS = 200;

type Timing = { coldMs: number; medianMs: number; p99Ms: number };

const require = createRequire(import.meta.url);
const noble = readFileSync(require.resolve('@noble/ed25519'), 'utf8');

// Runs in the page, as text: the bench runner's transpiler would otherwise add helpers the page lacks.
const BROWSER_CHECKS = `async (i) => {
        const stats = (cold, times) => {
          const sorted = [...times].sort((a, b) => a - b);
          const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
          return { coldMs: cold, medianMs: at(0.5), p99Ms: at(0.99) };
        };
        const pub = new Uint8Array(i.publicKey);
        const msg = new Uint8Array(i.message);
        const sig = new Uint8Array(i.signature);
        const time = async (fn) => {
          const t = performance.now();
          if (!(await fn())) throw new Error('A genuine signature did not verify.');
          return performance.now() - t;
        };
        const out = {};

        let started = performance.now();
        const key = await crypto.subtle.importKey('raw', pub, 'Ed25519', false, ['verify']);
        await crypto.subtle.verify('Ed25519', key, sig, msg);
        const webCold = performance.now() - started;
        const web = [];
        for (let n = 0; n < i.runs; n++)
          web.push(await time(() => crypto.subtle.verify('Ed25519', key, sig, msg)));
        out.webcrypto = stats(webCold, web);

        started = performance.now();
        const ed = (await import('/noble.js'));
        await ed.verifyAsync(sig, msg, pub);
        const nobleCold = performance.now() - started;
        const slow = [];
        for (let n = 0; n < i.runs; n++) slow.push(await time(() => ed.verifyAsync(sig, msg, pub)));
        out.noble = stats(nobleCold, slow);

        return out;
}`;

async function main() {
  const keys = await generateQrKeyPair();
  const credential = await signQrCredential(await importQrSigningKey(keys.privateKey), {
    eventId: 12,
    participantId: 34567,
  });
  const parsed = parseQrCredential(credential);
  const publicKey = base64UrlDecode(keys.publicKey);
  if (!parsed || !publicKey) throw new Error('Could not make a credential.');
  const input = {
    publicKey: [...publicKey],
    message: [...qrCredentialMessage(parsed)],
    signature: [...parsed.bytes.subarray(QR_CREDENTIAL_PAYLOAD_LENGTH)],
    runs: RUNS,
  };

  // A page on loopback is a secure context, so WebCrypto is there as on a station served over HTTPS.
  const server = createServer((req, res) => {
    if (req.url === '/noble.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(noble);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>offline verify</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows: (string | number)[][] = [];
  try {
    for (const slowdown of [1, 4]) {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      const results = (await page.evaluate(`(${BROWSER_CHECKS})(${JSON.stringify(input)})`)) as Record<
        string,
        Timing
      >;
      await page.close();
      const label = slowdown === 1 ? 'desktop CPU' : `CPU ${slowdown}× slower`;
      const name: Record<string, string> = {
        webcrypto: 'QR, WebCrypto Ed25519',
        noble: 'QR, @noble/ed25519',
      };
      for (const [k, t] of Object.entries(results) as [string, Timing][]) {
        rows.push([
          `${name[k]} (${label})`,
          t.coldMs.toFixed(2),
          t.medianMs.toFixed(3),
          t.p99Ms.toFixed(3),
          (t.p99Ms / TARGET_MS).toFixed(3),
        ]);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`Chromium ${browser.version()}, ${RUNS} checks each; target under ${TARGET_MS} ms per QR.`);
  console.log(table(['check', 'cold ms (import + first)', 'median ms', 'p99 ms', 'p99 / 50 ms'], rows));
}

await main();
