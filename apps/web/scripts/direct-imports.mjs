// Rewrites `import { Button, Stack } from '@mantine/core'` (and the same from @mantine/hooks and the
// app's own @attend/shared) into imports of the files that define those names, in the app's modules
// and in Mantine's own packages. Through an index file every module of the package is one static
// import away from whoever imports one name, so the bundler would count all of Mantine and every
// shared schema as part of the first screen (Rolldown's `$initial` tag) and of every page
// (vite.config.ts, the chunk groups). Tree-shaking already dropped the unused code; this keeps the
// module graph itself exact, which the chunk groups are built from.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A relative specifier of an index file, resolved as the bundler would (.mjs as written; .ts added). */
function resolveFrom(dir, specifier) {
  const base = path.join(dir, specifier);
  for (const file of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (/\.[cm]?[jt]s$/.test(file) && existsSync(file)) return file;
  }
  throw new Error(`direct-imports: cannot resolve ${specifier} from ${dir}`);
}

/**
 * Where each name a package's index exports is defined: name → { file, name in that file }. Reads
 * `export { a, b as c } from './x'`, `export * from './x'` (followed) and, in the files reached,
 * `export const|function|class|type|interface a`.
 */
export function exportMap(indexFile) {
  const map = new Map();
  const read = (file, seen) => {
    if (seen.has(file)) return;
    seen.add(file);
    const dir = path.dirname(file);
    const source = readFileSync(file, 'utf8');
    for (const [, names, from] of source.matchAll(/^export \{([^}]*)\} from '([^']+)';?$/gm)) {
      const target = from.startsWith('.') ? resolveFrom(dir, from) : from;
      for (const part of names.split(',')) {
        const [exported, local = exported] = part
          .trim()
          .split(/\s+as\s+/)
          .reverse();
        if (exported && !map.has(exported)) map.set(exported, { file: target, name: local });
      }
    }
    for (const [, from] of source.matchAll(/^export \* from '(\.[^']+)';?$/gm))
      read(resolveFrom(dir, from), seen);
    for (const [, name] of source.matchAll(
      /^export (?:declare )?(?:async )?(?:const|let|function\*?|class|type|interface|enum) ([A-Za-z_$][\w$]*)/gm,
    )) {
      if (!map.has(name)) map.set(name, { file, name });
    }
  };
  read(indexFile, new Set());
  return map;
}

/** @returns {import('vite').Plugin} */
export function directImports(packages = ['@mantine/core', '@mantine/hooks', '@attend/shared']) {
  const maps = new Map(packages.map((pkg) => [pkg, exportMap(fileURLToPath(import.meta.resolve(pkg)))]));
  const names = packages.map((p) => p.replace(/[/]/g, '\\/')).join('|');
  const pattern = new RegExp(`(import|export)\\s*\\{([^}]*)\\}\\s*from\\s*["'](${names})["'];?`, 'g');
  return {
    name: 'attend:direct-imports',
    apply: 'build',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      let source = code;
      if (/[\\/]node_modules[\\/]@mantine[\\/]/.test(id)) {
        // Mantine's modules also import many of their siblings for nothing (`import '../Combobox/Combobox.mjs';`):
        // its package declares no side effects but its style sheets', so the bundler drops these lines,
        // but only after it has counted every such sibling as imported.
        source = code.replace(/^import '(?:\.{1,2}\/[^']+\.mjs|@mantine\/(?:core|hooks))';\n/gm, '');
      }
      source = source.replace(pattern, (whole, keyword, list, pkg) => {
        const map = maps.get(pkg);
        const direct = [];
        const left = [];
        for (const part of list.split(',')) {
          const spec = part.trim();
          if (!spec) continue;
          const [imported, local = imported] = spec.split(/\s+as\s+/);
          const target = map.get(imported);
          if (target)
            direct.push(`${keyword} { ${target.name} as ${local} } from ${JSON.stringify(target.file)};`);
          else left.push(spec);
        }
        return [...direct, ...(left.length ? [`${keyword} { ${left.join(', ')} } from '${pkg}';`] : [])].join(
          '\n',
        );
      });
      return source === code ? null : { code: source, map: null };
    },
  };
}
