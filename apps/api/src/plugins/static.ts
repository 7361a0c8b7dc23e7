import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '@attend/shared';
import { acceptsEncoding } from '../lib/accept-encoding';

/** One address of the web app with its own copy of index.html (routePages below). */
type RoutePage = { pattern: RegExp; etag: string; identity: Buffer; compressed: Map<'br' | 'gzip', Buffer> };

/** The page's HTML in this coding, compressed on its first request (not at start, for every page). */
function compressedAs(page: RoutePage, coding: 'br' | 'gzip'): Buffer {
  let body = page.compressed.get(coding);
  if (!body) {
    body = coding === 'br' ? brotliCompressSync(page.identity) : gzipSync(page.identity, { level: 9 });
    page.compressed.set(coding, body);
  }
  return body;
}

/**
 * The Content-Security-Policy sources of the inline scripts of the built index.html (its early
 * refresh): each allowed by its SHA-256, so no other inline script runs. Empty without a build.
 */
export function inlineScriptSources(root: string): string[] {
  const file = path.join(root, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  const sha256 = (code: string) => createHash('sha256').update(code).digest('base64');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${sha256(code)}'`,
  );
}

/**
 * index.html for each address of the web app whose page is a lazy module, naming the files that page
 * needs (`.vite/route-preloads.json`, written by the build from apps/web/src/app/route-modules.ts):
 * the browser downloads them beside the first screen's code instead of after it has run, a round
 * trip and more saved on a slow network. Built once at start; compressed as the build's files are.
 */
function routePages(root: string): RoutePage[] {
  const listFile = path.join(root, '.vite', 'route-preloads.json');
  if (!existsSync(listFile)) return [];
  const shell = readFileSync(path.join(root, 'index.html'), 'utf8');
  if (!shell.includes('</head>')) return [];
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{
    pattern: string;
    scripts: string[];
    styles: string[];
  }>;
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return list.map(({ pattern, scripts, styles }) => {
    const links = [
      ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}" />`),
      ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}" />`),
    ];
    const html = shell.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const identity = Buffer.from(html);
    return {
      pattern: new RegExp(`^${source}/?$`),
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      identity,
      compressed: new Map(),
    };
  });
}

/** Serves the built web app; any non-API GET that is not a file gets index.html (client routing). */
export default fp(
  async function staticPlugin(app: FastifyInstance, opts: { root: string }) {
    if (!existsSync(path.join(opts.root, 'index.html'))) {
      throw new Error(`The web app is not built (${opts.root}/index.html is missing). Run npm run build.`);
    }
    const pages = routePages(opts.root);
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text file: sent to browsers that accept them.
      preCompressed: true,
      // Our own Cache-Control below: send's default (public, max-age=0) would replace it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; everything else (index.html, the service worker sw.js and its
        // workbox-*.js, manifest.webmanifest, icons) is revalidated, so a deploy reaches every device.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
    app.get('/*', { config: { auth: 'public' } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url.startsWith('/api/') || url === '/api') {
        return reply.status(404).send({ detail: messages.notFound, code: 'not_found' });
      }
      let rel = '';
      try {
        rel = decodeURIComponent(url).replace(/^\/+/, '');
      } catch {
        // a malformed escape is no file of ours: serve the app shell
      }
      const file = path.resolve(opts.root, rel);
      const inRoot = rel !== '' && file.startsWith(opts.root + path.sep);
      const found = inRoot ? statSync(file, { throwIfNoEntry: false }) : undefined;
      if (found?.isFile()) {
        return reply.sendFile(rel);
      }
      // A folder of pages (the organiser's guide, /guide/): its index.html, at an address ending in
      // a slash so that its relative links (chapters, images, stylesheet) resolve inside it.
      if (
        found?.isDirectory() &&
        statSync(path.join(file, 'index.html'), { throwIfNoEntry: false })?.isFile()
      ) {
        if (!url.endsWith('/')) return reply.redirect(`${url}/`, 301);
        reply.header('Cache-Control', 'no-cache');
        return reply.type('text/html').sendFile(path.join(path.relative(opts.root, file), 'index.html'));
      }
      reply.header('Cache-Control', 'no-cache');
      const page = pages.find((p) => p.pattern.test(url));
      if (!page) return reply.type('text/html').sendFile('index.html');
      reply.header('Vary', 'Accept-Encoding').header('ETag', page.etag).type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      const acceptEncoding = request.headers['accept-encoding'];
      for (const coding of ['br', 'gzip'] as const) {
        if (acceptsEncoding(acceptEncoding, coding))
          return reply.header('Content-Encoding', coding).send(compressedAs(page, coding));
      }
      return reply.send(page.identity);
    });
  },
  { name: 'static' },
);
