/**
 * Writes the API's OpenAPI document, as `/api/docs` serves it, to a file: the app is built on a
 * throwaway in-memory database, so nothing is read from or written to DATA_DIR or DATABASE_URL.
 *   tsx scripts/openapi.ts [out.json]          write it (default: test-results/openapi.json)
 *   tsx scripts/openapi.ts --lint [out.json]   write it, then lint it with Redocly (redocly.yaml)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The generated document, from an app built on an empty in-memory database. */
export async function openApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'attend-openapi-'));
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const config = loadConfig(
      { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' },
      { secretKey: 'openapi-document-only-0123456789abcdef', webDist: null },
    );
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const lint = args.includes('--lint');
  const out = path.resolve(
    args.find((a) => !a.startsWith('--')) ?? path.join(root, 'test-results/openapi.json'),
  );
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(root, out)}`);
  if (!lint) return;
  const redocly = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
  const r = spawnSync(
    process.execPath,
    [redocly, 'lint', out, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  // Redocly's output (and its banner about Node 20) only when it finds something.
  if (r.status === 0) {
    console.log('redocly lint: the OpenAPI document is valid');
  } else {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? String(r.error ?? ''));
    process.exitCode = r.status ?? 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
