import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest directory above this module holding apps/api/package.json. The
 * module runs from apps/api/src/lib (TypeScript) or from the compiled bundle in apps/api/dist.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'apps/api/package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The repository root (with apps/api/package.json) was not found.');
    dir = parent;
  }
}

export const repoRoot = findRoot();
export const webDistDir = path.join(repoRoot, 'apps/web/dist');
/** The SQL migrations, read at start by the migrator. */
export const migrationsDir = path.join(repoRoot, 'apps/api/src/db/migrations');
