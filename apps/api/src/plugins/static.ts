import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '@attend/shared';

/** Serves the built web app; any non-API GET that is not a file gets index.html (client routing). */
export default fp(
  async function staticPlugin(app: FastifyInstance, opts: { root: string }) {
    if (!existsSync(path.join(opts.root, 'index.html'))) {
      throw new Error(`The web app is not built (${opts.root}/index.html is missing). Run npm run build.`);
    }
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
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'static' },
);
