import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers; the CSP is what the built web app needs and nothing more. Helmet's middleware
 * is built once and applied to every reply (building it per request, as the Fastify wrapper does,
 * re-parses the CSP each time).
 */
export default fp(
  function securityPlugin(
    app: FastifyInstance,
    opts: { secureCookies: boolean; inlineScripts?: string[] },
    registered: (err?: Error) => void,
  ) {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The built index.html's inline scripts, by hash (plugins/static.ts, inlineScriptSources).
          scriptSrc: ["'self'", ...(opts.inlineScripts ?? [])],
          // Mantine sets CSS variables through style attributes and one injected <style> element.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          // The check-in station prints a badge from a blob: URL in a frame (lib/print-badge.ts).
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(opts.secureCookies ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: opts.secureCookies,
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });
    registered();
  },
  { name: 'security' },
);
