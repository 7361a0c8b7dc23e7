// Gzipped JavaScript a first visit to /login downloads: the entry chunk, every chunk it imports
// statically, and the lazy chunks of the routes /login renders (none today: /login is in the entry).
// Usage: npm run build -w apps/web && node apps/web/scripts/bundle-size.mjs [--max-kb 200]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('dist/.vite/manifest.json is missing: run `npm run build -w apps/web` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const maxArg = process.argv.indexOf('--max-kb');
const maxKb = maxArg > 0 ? Number(process.argv[maxArg + 1]) : 200;

// Source modules whose lazy chunks /login would load (kept in sync with app/router.tsx).
const loginRouteSources = ['src/features/auth/routes/login.tsx'];

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);

const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) visit(dep);
}
for (const [key] of entries) visit(key);
for (const src of loginRouteSources) if (manifest[src]) visit(src);

let raw = 0;
let gzip = 0;
const rows = [];
const files = new Set([...seen].map((key) => manifest[key].file).filter((f) => f.endsWith('.js')));
for (const file of files) {
  const bytes = readFileSync(path.join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += gz;
  rows.push({ file, kb: (bytes.length / 1024).toFixed(1), gzipKb: (gz / 1024).toFixed(1) });
}
rows.sort((a, b) => Number(b.gzipKb) - Number(a.gzipKb));
for (const r of rows) console.log(`${r.gzipKb.padStart(7)} KB gz  ${r.kb.padStart(7)} KB  ${r.file}`);
console.log(
  `/login JavaScript: ${(gzip / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw) in ${files.size} files`,
);
if (gzip / 1024 > maxKb) {
  console.error(`Over the ${maxKb} KB budget.`);
  process.exit(1);
}
