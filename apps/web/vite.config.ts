import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CodeSplittingGroup } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { directImports } from './scripts/direct-imports.mjs';
import { lazySchemas } from './scripts/lazy-schemas.mjs';
import { renderGuide } from './scripts/render-guide.mjs';
import { routeModules, sheetModules, sheetOf, signedInModules, type PageKind } from './src/app/route-modules';

// The API of `npm run dev` (PORT as for the server, default 3000); API_URL points elsewhere.
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/** Mantine's blue 8, the theme's primary shade (src/app/theme.ts) and the brand mark's colour. */
const THEME_COLOUR = '#1971c2';

/**
 * Moves the stylesheet links Vite puts in <head> to just before #root, after the static app frame of
 * index.html. In <head> they hold back the first paint until the whole stylesheet has arrived
 * (seconds on a slow venue network); in <body> the frame above them paints at once. Before #root,
 * not at the end of <body>: the style element Mantine renders inside #root with the theme's
 * variables must still come after the stylesheet's defaults, or the defaults win the cascade.
 */
function stylesAfterFrame(): Plugin {
  return {
    name: 'attend:styles-after-frame',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const out = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        const root = '<div id="root"></div>';
        if (links.length === 0 || !out.includes(root)) return html;
        return out.replace(root, `${links.join('\n')}\n    ${root}`);
      },
    },
  };
}

/**
 * zod's classic schemas carry the code that writes them out as JSON Schema: a processor per kind of
 * schema, and the methods `toJSONSchema()` and `~standard.jsonSchema`. The API uses it for its
 * OpenAPI document; the browser never does, and it was about 6 KB of every signed-in participant
 * page's compressed script. In the web build, zod's classic schemas import stand-ins of those two
 * modules instead, each export a function that says so if it is ever called.
 */
function zodWithoutJsonSchema(): Plugin {
  const core = path.dirname(createRequire(import.meta.url).resolve('zod/v4/core'));
  const classic = path.join(path.dirname(core), 'classic') + path.sep;
  const replaced = ['json-schema-processors.js', 'to-json-schema.js'].map((name) => path.join(core, name));
  const PREFIX = '\0attend:zod-without-json-schema:';
  return {
    name: 'attend:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.startsWith(classic)) return null;
      const target = path.resolve(path.dirname(importer), source);
      return replaced.includes(target) ? PREFIX + target : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = readFileSync(id.slice(PREFIX.length), 'utf8');
      const names = new Set([
        ...[...real.matchAll(/^export (?:const|function|class) (\w+)/gm)].map(([, name = '']) => name),
        ...[...real.matchAll(/^export \{([^}]*)\}/gm)].flatMap(([, list = '']) =>
          list.split(',').map(
            (entry) =>
              entry
                .trim()
                .split(/\s+as\s+/)
                .pop() ?? '',
          ),
        ),
      ]);
      names.delete('');
      const unavailable = `() => { throw new Error('JSON Schema is not written in the browser'); }`;
      return [
        `const unavailable = ${unavailable};`,
        // The method factories run when a schema's ~standard is read: they hand back the stand-in.
        ...[...names].map((name) =>
          name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        ),
      ].join('\n');
    },
  };
}

/**
 * Takes the web app manifest's link out of the built index.html (vite-plugin-pwa puts it there):
 * src/main.tsx adds it once the first screen has been drawn. Chromium fetches the manifest and its
 * icon as soon as it sees the link, 6 KB that a phone's first visit downloaded beside the page's own
 * code; nothing needs them before the page is there (installing it, the service worker).
 */
function manifestLinkLater(): Plugin {
  return {
    name: 'attend:manifest-link-later',
    apply: 'build',
    // vite-plugin-pwa's own HTML step is a post plugin: this one comes after it.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/[ \t]*<link rel="manifest"[^>]*>\n?/, ''),
    },
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, which the API
 * serves to browsers that accept them (@fastify/static preCompressed): the app's code and styles
 * cross a weak venue network at about a quarter of their size, compressed once at build time.
 */
function precompress(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: 'attend:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The Noto families a tag needs only for names in other scripts (src/features/tags/lib/tag-fonts.ts):
 * their style sheets are chunks of their own, named `tag-font-…`, and their font files are named
 * after the family; neither is precached (hundreds of slices, some 10 MB), and a tag keeps those it
 * has used for offline (runtimeCaching below).
 */
const TAG_FONT_FILES =
  /\/assets\/(?:tag-font-|noto-(?:emoji|sans-(?:arabic|hebrew|bengali|tamil|thai|georgian|armenian|ethiopic|kr|sc))-)/;

/**
 * Keeps only the WOFF2 source of the @fontsource style sheets: every browser the app supports
 * reads it, and the WOFF copies would double the fonts in the build for nobody.
 */
function woff2Only(): Plugin {
  return {
    name: 'attend:woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@fontsource[\\/][^\\/]+[\\/][^\\/]+\.css$/.test(id)) return null;
      return { code: code.replace(/,\s*url\([^)]*\.woff\)\s*format\('woff'\)/g, ''), map: null };
    },
  };
}

/**
 * Writes `.vite/route-preloads.json`: for each address of src/app/route-modules.ts, the built files
 * its lazy modules need beyond the first screen's (their chunks, the chunks those import, their style
 * sheets), read from Vite's manifest. The server names them in that address's HTML, so a phone on a
 * slow network fetches the page's code beside the first screen's instead of after it has run
 * (apps/api/src/plugins/static.ts).
 */
function routePreloads(): Plugin {
  type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
  let outDir = '';
  return {
    name: 'attend:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifestFile = path.join(outDir, '.vite', 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      const walk = (key: string, seen: Set<string>) => {
        const chunk = manifest[key];
        if (!chunk) throw new Error(`src/app/route-modules.ts: ${key} is not in the build`);
        if (seen.has(key)) return;
        seen.add(key);
        for (const imported of chunk.imports ?? []) walk(imported, seen);
      };
      const firstScreen = new Set<string>();
      walk('index.html', firstScreen);
      const routes = routeModules.map(({ pattern, kind, modules }) => {
        const keys = new Set<string>();
        for (const module of [...sheetModules[sheetOf(kind)], ...(signedInModules[kind] ?? []), ...modules])
          walk(module, keys);
        const scripts: string[] = [];
        const styles = new Set<string>();
        for (const key of keys) {
          if (firstScreen.has(key)) continue;
          const { file, css = [] } = manifest[key] as ManifestChunk;
          if (file.endsWith('.css')) styles.add(`/${file}`);
          else scripts.push(`/${file}`);
          for (const sheetFile of css) styles.add(`/${sheetFile}`);
        }
        return { pattern, scripts, styles: [...styles] };
      });
      writeFileSync(path.join(outDir, '.vite', 'route-preloads.json'), JSON.stringify(routes, null, 1));
    },
  };
}

/**
 * The lazy pages' code in a few files instead of dozens. Left to itself, the bundler makes a chunk for
 * every set of pages that share modules: the event page needed 48 files (one of 74 bytes), the
 * first screen 17, each a request, six at a time over HTTP/1.1, round trips a slow network pays for.
 * The groups, read off the module graph (exact: scripts/direct-imports.mjs), in this order:
 * - each tag font's style sheet in a chunk named after it (TAG_FONT_FILES);
 * - everything the first screen imports (Rolldown's `$initial`);
 * - what the participant's sign-in pages (route-modules.ts, kind 'sign-in') import and a signed-in
 *   participant's page does too (a button, a mutation's hook): a small chunk both kinds load;
 * - the rest of what the sign-in pages import (their forms), which a signed-in page never loads;
 * - what two or more of the signed-in participant's pages import;
 * - the rest as the bundler chooses: each page's own modules in its chunk, the staff's shared ones.
 */
function chunkGroups(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const signIn = new Set<string>();
  const signInShared = new Set<string>();
  const participant = new Set<string>();
  const plugin: Plugin = {
    name: 'attend:chunk-groups',
    apply: 'build',
    buildEnd() {
      const file = (module: string) => path.resolve(import.meta.dirname, module);
      /** The modules the given ones import, directly or not (static imports only), and themselves. */
      const reach = (modules: readonly string[]) => {
        const seen = new Set<string>();
        const queue = modules.map(file);
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // A page's own module stays the page's chunk (the router loads it by name).
      const pages = new Set(routeModules.flatMap((r) => r.modules.map(file)));
      const ofKind = (kind: PageKind) => routeModules.filter((r) => r.kind === kind);
      const users = new Map<string, number>();
      for (const { modules } of ofKind('participant')) {
        for (const id of reach(modules)) users.set(id, (users.get(id) ?? 0) + 1);
      }
      signIn.clear();
      signInShared.clear();
      for (const id of reach(ofKind('sign-in').flatMap((r) => r.modules))) {
        if (!pages.has(id)) (users.has(id) ? signInShared : signIn).add(id);
      }
      participant.clear();
      for (const [id, count] of users) {
        if (count >= 2 && !pages.has(id) && !signInShared.has(id)) participant.add(id);
      }
    },
  };
  const tagFont = (id: string) => {
    const sheet = /[\\/]@fontsource[\\/](noto-emoji|noto-sans-[a-z]+)[\\/](\d+)\.css$/.exec(id);
    return sheet ? `tag-font-${sheet[1]}-${sheet[2]}` : null;
  };
  const groups: CodeSplittingGroup[] = [
    { name: tagFont, priority: 4 },
    { name: 'first', tags: ['$initial'], priority: 3 },
    { name: 'sign-in-shared', test: (id) => signInShared.has(id), priority: 2 },
    { name: 'sign-in', test: (id) => signIn.has(id), priority: 2 },
    { name: 'participant', test: (id) => participant.has(id), priority: 1 },
  ];
  return { plugin, groups };
}

/** The organiser's guide (docs/guide/) as pages of the build under /guide/ (scripts/render-guide.mjs). */
function organisersGuide(): Plugin {
  const guideDir = path.resolve(import.meta.dirname, '..', '..', 'docs', 'guide');
  return {
    name: 'attend:organisers-guide',
    apply: 'build',
    generateBundle() {
      for (const { fileName, source } of renderGuide(guideDir)) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}

/**
 * React Router publishes a production build beside the development one, the same code with its
 * warnings for developers switched off (ENABLE_DEV_WARNINGS), but its package exports only the
 * development build. The app's build takes the production one: no warning checks while a page is
 * drawn. `npm run dev` keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
  const dir = path.join(path.dirname(pkg), 'dist/production');
  return {
    name: 'attend:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dir, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dir, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * Asks V8 to compile every function of the app's scripts while the script streams in, on a background
 * thread (explicit compile hints, Chrome 136 and later; to other browsers it is a comment). Without it a
 * function is compiled on the main thread when first called, and on a first visit nearly every
 * function the page runs is called for the first time while the page is drawn. A chunk's first line
 * must be the hint, so it is added once the chunk is complete (after Vite's own preload helper).
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'attend:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && !file.code.startsWith(HINT)) file.code = HINT + file.code;
        }
      },
    },
  };
}

const groups = chunkGroups();

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    compileHints(),
    directImports(),
    lazySchemas(),
    zodWithoutJsonSchema(),
    groups.plugin,
    woff2Only(),
    stylesAfterFrame(),
    organisersGuide(),
    routePreloads(),
    precompress(),
    // Installable, and every page opens without a network once the app has been opened online.
    VitePWA({
      // A new deploy installs, takes over at once (skipWaiting, clientsClaim below) and reloads the
      // open pages, so nobody is kept on an old version whose lazy chunks the server no longer has.
      registerType: 'autoUpdate',
      // Registered from src/main.tsx (production builds only), never by an inline script.
      injectRegister: false,
      // The icons are in the precache already (globPatterns).
      includeManifestIcons: false,
      manifest: {
        name: 'Attend',
        short_name: 'Attend',
        description: 'Event attendance and check-in. Events made easy. Attendees made happy.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole app, staff pages and fonts included: a check-in station must open offline too.
        globPatterns: ['**/*.{html,js,css,woff2,svg,png}'],
        // Except the fonts of other scripts, fetched by a tag that needs them (TAG_FONT_FILES), and
        // the organiser's guide, read online, always the server's own copy.
        globIgnores: [
          'guide/**',
          '**/tag-font-*',
          '**/noto-emoji-*',
          '**/noto-sans-{arabic,hebrew,bengali,tamil,thai,georgian,armenian,ethiopic,kr,sc}-*',
        ],
        runtimeCaching: [
          {
            // Hashed file names never change: the copy kept is always right.
            urlPattern: TAG_FONT_FILES,
            handler: 'CacheFirst',
            options: { cacheName: 'tag-fonts', expiration: { maxEntries: 300 } },
          },
        ],
        navigateFallback: '/index.html',
        // API answers are never cached: pages keep what they need themselves (lib/offline-copy.ts).
        navigateFallbackDenylist: [/^\/api(?:[/?]|$)/, /^\/guide(?:[/?]|$)/],
        cleanupOutdatedCaches: true,
        // Set by autoUpdate only when the plugin injects the registration itself.
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
    // After VitePWA: its link is in the page by then.
    manifestLinkLater(),
  ],
  // The app is written against React 19's API (types, hooks, the unit tests, which render it with
  // React); the browser runs it on Preact's compatibility layer, about 4 kB gzipped against React
  // DOM's 60: the participant's first screen stays under 150 kB of gzipped JavaScript on a phone.
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The built app is served under a CSP without inline scripts: keep everything in files.
    assetsInlineLimit: 0,
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        codeSplitting: { groups: groups.groups },
      },
      treeshake: {
        // packages/shared only declares schemas and constants: importing one of its files for a single
        // export must not pull in the others (their top-level z.object() calls look like side effects).
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
      },
    },
  },
});
