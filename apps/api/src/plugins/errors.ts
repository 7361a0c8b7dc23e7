import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { languageFromAcceptLanguage, messages, type TErrorBody, type TLanguage } from '@attend/shared';
import { translateMessage } from '@attend/shared/messages-i18n';
import { AppError } from '../lib/app-error';

function fieldName(instancePath: string, fallback: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.length ? parts.join('.') : fallback;
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** The client's language (the web app sends the one on screen); English when it names none we have. */
function languageOf(request: FastifyRequest): TLanguage {
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

function translateErrors(errors: Record<string, string[]>, language: TLanguage): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [field, list.map((m) => translateMessage(m, language))]),
  );
}

/** A segment of a route's path: literal text, or a parameter (with a suffix such as `.png`, or none). */
type Segment = { text: string } | { pattern: RegExp; rank: 0 | 1 };
type PathShape = { segments: Segment[]; methods: Set<string> };

function pathSegments(url: string): string[] {
  return (url.split('?')[0] ?? '').replace(/\/+$/, '').split('/');
}

function routeSegment(part: string): Segment {
  if (!part.includes(':')) return { text: part };
  const source = part
    .split(/(:[A-Za-z0-9_]+)/)
    .map((piece) => (piece.startsWith(':') ? '[^/]+?' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { pattern: new RegExp(`^${source}$`), rank: source === '[^/]+?' ? 0 : 1 };
}

/**
 * Every route's path and the methods it answers, so that a known path asked with another method
 * answers 405 with `Allow`. A path belongs to its most specific route, as the router reads it
 * (literal text beats a parameter, segment by segment): DELETE …/participants/stats/ is a method
 * the stats path lacks, not a participant called "stats".
 */
class KnownPaths {
  private readonly byLength = new Map<number, Map<string, PathShape>>();
  private readonly overlaps = new Map<string, boolean>();

  add(url: string, methods: string[]): void {
    // The web app's catch-all is not a path of its own: an unknown path stays a 404.
    if (url.includes('*')) return;
    const parts = pathSegments(url);
    const key = parts.join('/');
    const shapes = this.byLength.get(parts.length) ?? new Map<string, PathShape>();
    this.byLength.set(parts.length, shapes);
    const shape = shapes.get(key) ?? { segments: parts.map(routeSegment), methods: new Set<string>() };
    shapes.set(key, shape);
    for (const method of methods) shape.methods.add(method);
  }

  /** The methods of the most specific route whose path matches `url`, or null for an unknown path. */
  methodsOf(url: string): Set<string> | null {
    const parts = pathSegments(url).map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
    let best: { shape: PathShape; ranks: number[] } | null = null;
    for (const shape of this.byLength.get(parts.length)?.values() ?? []) {
      const ranks: number[] = [];
      const matches = shape.segments.every((segment, i) => {
        const part = parts[i] ?? '';
        if ('text' in segment) {
          ranks.push(2);
          return segment.text === part;
        }
        ranks.push(segment.rank);
        return part !== '' && segment.pattern.test(part);
      });
      if (matches && (best === null || moreSpecific(ranks, best.ranks))) best = { shape, ranks };
    }
    return best?.shape.methods ?? null;
  }

  /**
   * Whether a request the router gave to the route `url` may belong to another path: only when
   * another route's path of the same length could match the same segments. Otherwise the route's
   * own methods are the path's, the router matched one of them, and there is nothing to check.
   * Known once every route is added (Fastify adds none after it starts), kept per route.
   */
  mayOverlap(url: string): boolean {
    let known = this.overlaps.get(url);
    if (known === undefined) {
      const parts = pathSegments(url);
      const own = this.byLength.get(parts.length)?.get(parts.join('/'));
      known =
        !own ||
        [...(this.byLength.get(parts.length)?.values() ?? [])].some(
          (other) => other !== own && own.segments.every((segment, i) => mayMeet(segment, other.segments[i])),
        );
      this.overlaps.set(url, known);
    }
    return known;
  }
}

/** Whether one path segment of a URL could match both (two parameters always could). */
function mayMeet(a: Segment, b: Segment | undefined): boolean {
  if (!b) return false;
  if ('text' in a) return 'text' in b ? a.text === b.text : b.pattern.test(a.text);
  return 'text' in b ? a.pattern.test(b.text) : true;
}

function moreSpecific(a: number[], b: number[]): boolean {
  const i = a.findIndex((rank, j) => rank !== b[j]);
  return i >= 0 && (a[i] ?? 0) > (b[i] ?? 0);
}

function methodNotAllowed(method: string, allowed: Set<string>): AppError {
  return new AppError('method_not_allowed', `The ${method} method is not allowed here.`, {
    headers: { allow: [...allowed].sort().join(', ') },
  });
}

/**
 * Failures Fastify answers before any route is found (a path that is not valid percent-encoding, a
 * path segment past the router's `maxParamLength`): the same `{detail, code}` body as every other
 * refusal. Passed to Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ detail: 'The address is too long.', code: 'uri_too_long' });
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ detail: 'The address is not a valid URL.', code: 'bad_request' });
  } else {
    request.log.error({ err: error }, 'unhandled framework error');
    const detail = translateMessage(messages.unexpected, languageOf(request));
    void reply.status(500).send({ detail, code: 'internal_error' });
  }
}

/**
 * Maps every failure to `{detail, code}`; 5xx bodies never carry internals. Sentences of the shared
 * catalogue are answered in the request's `Accept-Language` (French or Swahili; English otherwise).
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      const language = languageOf(request);
      if (error instanceof AppError) {
        for (const [k, v] of Object.entries(error.extra.headers ?? {})) reply.header(k, v);
        const body: TErrorBody = {
          ...error.extra.body,
          detail: translateMessage(error.message, language),
          code: error.extra.reason ?? error.code,
        };
        if (error.extra.errors) body.errors = translateErrors(error.extra.errors, language);
        return reply.status(error.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const found: Record<string, string[]> = {};
        for (const v of error.validation) {
          const name = fieldName(v.instancePath, error.validationContext ?? 'body');
          (found[name] ??= []).push(v.message ?? 'Invalid value');
        }
        const errors = translateErrors(found, language);
        const lines = Object.entries(errors).map(([k, v]) => `${k}: ${v.join(' ')}`);
        // A single message the spec quotes (such as the login one) is shown as is.
        const unique = [...new Set(Object.values(errors).flat())];
        const detail = unique.length === 1 && unique[0] ? unique[0] : lines.join('\n');
        return reply.status(400).send({ detail, code: 'validation_error', errors });
      }
      const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code =
          status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
        const detail =
          'code' in error && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : error.message;
        return reply.status(status).send({ detail, code });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ detail: translateMessage(messages.unexpected, languageOf(request)), code: 'internal_error' });
    });

    // PostgreSQL text cannot hold NUL characters: refuse them at the edge instead of failing in SQL.
    app.addHook('preValidation', async (request) => {
      if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
        throw new AppError('validation_error', 'Text must not contain NUL characters.');
      }
    });

    const known = new KnownPaths();
    app.addHook('onRoute', (route) => known.add(route.url, [route.method].flat()));
    // A parametric route also catches the literal paths beside it (…/participants/:id/ catches
    // …/participants/stats/ for DELETE), and the web app's GET catch-all catches every path (GET
    // /api/auth/token/): a method the literal path lacks is a 405 there too. Checked once the
    // security headers are set and the caller is known, before the body is read.
    app.addHook('preParsing', (request, _reply, _payload, done) => {
      const pattern = request.routeOptions.url;
      const allowed =
        pattern && (pattern.includes('*') || (pattern.includes(':') && known.mayOverlap(pattern)))
          ? known.methodsOf(request.url)
          : null;
      done(allowed && !allowed.has(request.method) ? methodNotAllowed(request.method, allowed) : undefined);
    });

    app.setNotFoundHandler((request, reply) => {
      const allowed = known.methodsOf(request.url);
      if (allowed && !allowed.has(request.method)) throw methodNotAllowed(request.method, allowed);
      reply
        .status(404)
        .send({ detail: translateMessage(messages.notFound, languageOf(request)), code: 'not_found' });
    });
  },
  { name: 'errors' },
);
