// Compiles the API once into apps/api/dist/server.mjs (esbuild: TypeScript and the shared package
// bundled, packages from node_modules left as imports), so `npm start` runs plain JavaScript
// instead of a TypeScript loader. The worker scripts the API starts sit beside the bundle.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
const outDir = path.join(apiDir, 'dist');
export const apiEntry = path.join(outDir, 'server.mjs');

/** The worker scripts, found by `new URL('./name.mjs', import.meta.url)` next to the bundle. */
const WORKER_FILES = [
  'services/qr/qr-png-worker.mjs',
  'services/qr/qr-png-render.mjs',
  'services/participants/bulk-upload/read-workbook-worker.mjs',
  'db/pglite-worker.mjs',
];

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function dependencies(packageJson) {
  return Object.keys(JSON.parse(readFileSync(packageJson, 'utf8')).dependencies ?? {});
}

export async function buildApi() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const external = [
    ...dependencies(path.join(apiDir, 'package.json')),
    ...dependencies(path.join(root, 'packages/shared/package.json')),
  ].filter((name) => name !== '@attend/shared');
  await build({
    entryPoints: [path.join(apiDir, 'src/server.ts')],
    outfile: apiEntry,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Packages stay imports (with their subpaths): node_modules is resolved at run time as before.
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const file of WORKER_FILES)
    copyFileSync(path.join(apiDir, 'src', file), path.join(outDir, path.basename(file)));
}

/** Builds when there is no bundle yet or the API's or shared sources changed since. */
export async function buildApiIfNeeded() {
  const sources = Math.max(
    newestMtime(path.join(apiDir, 'src')),
    newestMtime(path.join(root, 'packages/shared/src')),
    statSync(path.join(apiDir, 'package.json')).mtimeMs,
  );
  if (existsSync(apiEntry) && statSync(apiEntry).mtimeMs >= sources) return;
  console.log('Building the API…');
  await buildApi();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
