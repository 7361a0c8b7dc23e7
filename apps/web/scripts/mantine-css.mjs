// Mantine's style sheets, split by who needs them. '@mantine/core/styles.css' holds every component's
// rules (234 kB); a page uses a fraction. The app loads instead:
//   src/app/mantine-first.css        the base rules and the components of the first screen (main.tsx)
//   src/app/mantine-participant.css  the rest of what the sign-in, public and participant pages use
//   src/app/mantine-staff.css        the rest of what any page uses (the staff's pages, with the above)
// the last two with the lazy pages (app/router.tsx, lazyPage). Which components a part uses is read
// from the sources: every name imported from '@mantine/core' (or reached through '@mantine/notifications'
// and '@mantine/dropzone'), with the components those are built from, found in Mantine's own modules.
//
//   node apps/web/scripts/mantine-css.mjs           checks the three files (test/mantine-css.test.ts)
//   node apps/web/scripts/mantine-css.mjs --write   writes them after a component was added
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(web, 'package.json'));
const read = (file) => readFileSync(file, 'utf8');
/** A package's folder (Mantine's export maps do not list package.json). */
function packageDir(name) {
  let dir = path.dirname(require.resolve(name));
  while (
    !existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(read(path.join(dir, 'package.json'))).name !== name
  ) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json for ${name}`);
    dir = up;
  }
  return dir;
}

const mantineCore = packageDir('@mantine/core');
const coreEsm = path.join(mantineCore, 'esm');
const stylesDir = path.join(mantineCore, 'styles');

/** The rules every page needs, before any component's (Mantine's documented order). */
const BASE = ['baseline', 'default-css-variables', 'global'];

/** Where each part of the app starts; everything statically imported from there belongs to it. */
const AREAS = {
  first: ['src/main.tsx'],
  participant: [
    'src/features/auth/routes/login.tsx',
    'src/features/auth/routes/auto-login.tsx',
    'src/features/auth/routes/staff-login.tsx',
    'src/features/staff-access/routes/accept-invite-page.tsx',
    'src/features/certificates/routes/verify-page.tsx',
    'src/app/layouts/participant-layout.tsx',
    'src/features/participant-dashboard/routes/participant-dashboard.tsx',
    'src/features/events/routes/participant-event.tsx',
    'src/features/tags/routes/participant-tag-page.tsx',
    'src/features/sessions/routes/participant-sessions.tsx',
    'src/features/attendance/routes/qr-code-page.tsx',
  ],
};

export const SHEETS = {
  first: 'src/app/mantine-first.css',
  participant: 'src/app/mantine-participant.css',
  staff: 'src/app/mantine-staff.css',
};

/** The names a source file imports from a package, `type` imports left out. */
function namedImports(source, pkg) {
  const names = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg.replace('/', '\\/')}'`, 'g');
  for (const match of source.matchAll(pattern)) {
    for (const part of match[1].split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/** Relative imports of a module (static and `export … from`), resolved to files. */
function relativeImports(file, source, { dynamic }) {
  const specs = [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'|import\s*'(\.[^']+)'/g),
  ].map((m) => m[1] ?? m[2]);
  if (dynamic) specs.push(...[...source.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1]));
  return specs.flatMap((spec) => {
    const base = path.resolve(path.dirname(file), spec);
    const found = ['', '.tsx', '.ts', '.mjs', '/index.ts', '/index.tsx'].map((ext) => base + ext);
    const hit = found.find((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
    return hit ? [hit] : [];
  });
}

/** Every module reachable from the entries through relative imports. */
function reachable(entries, { dynamic }) {
  const seen = new Set();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...relativeImports(file, read(file), { dynamic }));
  }
  return seen;
}

/** Where '@mantine/core' defines each export it has (its esm/index.mjs). */
const coreExports = (() => {
  const map = new Map();
  for (const m of read(path.join(coreEsm, 'index.mjs')).matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g,
  )) {
    if (!m[2].startsWith('.')) continue; // re-exported from another package: no style sheet
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) map.set(name, path.resolve(coreEsm, m[2]));
    }
  }
  return map;
})();

/** The '@mantine/core' names the other Mantine packages the app uses import. */
function throughPackage(pkg) {
  const dir = path.join(packageDir(pkg), 'esm');
  const names = [];
  for (const file of reachable([path.join(dir, 'index.mjs')], { dynamic: false })) {
    names.push(...namedImports(read(file), '@mantine/core'));
  }
  return names;
}

/** The component style sheets (by component name) the given source files need. */
function componentsOf(files) {
  const names = new Set();
  for (const file of files) {
    const source = read(file);
    for (const name of namedImports(source, '@mantine/core')) names.add(name);
    for (const pkg of ['@mantine/notifications', '@mantine/dropzone']) {
      if (source.includes(`from '${pkg}'`)) throughPackage(pkg).forEach((n) => names.add(n));
    }
  }
  const modules = reachable(
    [...names].flatMap((n) => (coreExports.has(n) ? [coreExports.get(n)] : [])),
    { dynamic: false },
  );
  const components = new Set();
  for (const file of modules) {
    const match = /[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/.exec(file);
    if (match && existsSync(path.join(stylesDir, `${match[1]}.css`))) components.add(match[1]);
  }
  return components;
}

/** The components in the order '@mantine/core/styles.css' has them (dependencies first). */
function inMantineOrder(components) {
  const all = read(path.join(mantineCore, 'styles.css'));
  const at = (c) => {
    // A component's rules are found by its first class name (the files are formatted apart).
    const first = /\.m_[0-9a-f]+/.exec(read(path.join(stylesDir, `${c}.css`)))?.[0];
    const i = first ? all.indexOf(`${first} `) : -1;
    if (i < 0) throw new Error(`${c}.css is not part of @mantine/core/styles.css`);
    return i;
  };
  return [...components].sort((a, b) => at(a) - at(b));
}

/** The three sheets' component lists, worked out from the sources. */
export function mantineSheets() {
  const src = (f) => path.join(web, f);
  const everyFile = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? everyFile(path.join(dir, e.name))
        : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );
  const first = componentsOf(reachable(AREAS.first.map(src), { dynamic: false }));
  const participant = componentsOf(reachable(AREAS.participant.map(src), { dynamic: true }));
  const everything = componentsOf(everyFile(src('src')));
  const without = (set, ...taken) => new Set([...set].filter((c) => !taken.some((t) => t.has(c))));
  return {
    first: inMantineOrder(first),
    participant: inMantineOrder(without(participant, first)),
    staff: inMantineOrder(without(everything, first, participant)),
  };
}

const HEADERS = {
  first:
    "Mantine's base rules and the components of the first screen (imported by src/main.tsx, before\n * the app's own rules).",
  participant:
    'The other components of the sign-in, public and participant pages (loaded with those pages,\n * app/router.tsx).',
  staff:
    "The other components of the staff's pages and the kiosk (loaded with them, after the participant\n * pages' sheet, app/router.tsx).",
};

/** One sheet's text. */
export function renderSheet(name, components) {
  const files = [...(name === 'first' ? BASE : []), ...components];
  return [
    '/*',
    ` * ${HEADERS[name]}`,
    ' * Written by scripts/mantine-css.mjs from the components the sources use; do not edit.',
    ' */',
    ...files.map((c) => `@import '@mantine/core/styles/${c}.css';`),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sheets = mantineSheets();
  let stale = 0;
  for (const [name, components] of Object.entries(sheets)) {
    const file = path.join(web, SHEETS[name]);
    const text = renderSheet(name, components);
    if (process.argv.includes('--write')) writeFileSync(file, text);
    else if (!existsSync(file) || read(file) !== text) {
      console.error(`${SHEETS[name]} is out of date: run node apps/web/scripts/mantine-css.mjs --write`);
      stale += 1;
    }
  }
  process.exit(stale ? 1 : 0);
}
