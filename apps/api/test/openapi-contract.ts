import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The contract test: every answer the app gives while a test runs must be one its OpenAPI document
 * (`app.swagger()`, what /api/docs serves) describes: the operation (method and path), a response
 * for the status, and the content type of the body (none for 204 and 304, whose body Fastify drops).
 * Answers to requests no operation takes (an unknown path, a method a path lacks, an address that is
 * not valid) must be among the document's `x-unrouted-responses`. The web app's own pages and the
 * docs UI are outside the document and not checked.
 */

type ResponseObject = { $ref?: string; content?: Record<string, unknown> };
type Operation = { responses?: Record<string, ResponseObject> };
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
  components?: { responses?: Record<string, ResponseObject> };
  'x-unrouted-responses'?: Record<string, ResponseObject>;
};

type Answer = {
  method: string;
  /** The route that answered, as registered (`/api/events/:eventId/`), or null for none. */
  route: string | null;
  status: number;
  /** The media type of the answer, without parameters, or null when it names none. */
  contentType: string | null;
  /** The answer has no body: a 204 or 304 (Fastify drops theirs), a HEAD, or an empty payload. */
  empty: boolean;
};

/** `/api/qr/:participantId.png` as the document writes it: `/api/qr/{participantId}.png`. */
export function documentPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function mediaType(header: unknown): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const type = String(value).split(';')[0]?.trim().toLowerCase();
  return type || null;
}

function isEmptyPayload(payload: unknown): boolean {
  if (payload === null || payload === undefined) return true;
  if (typeof payload === 'string') return payload.length === 0;
  if (Buffer.isBuffer(payload)) return payload.length === 0;
  return false;
}

function resolve(doc: OpenApiDocument, response: ResponseObject | undefined): ResponseObject | undefined {
  const name = response?.$ref?.replace('#/components/responses/', '');
  return name === undefined ? response : doc.components?.responses?.[name];
}

function declares(content: Record<string, unknown>, type: string): boolean {
  return Object.keys(content).some((declared) => {
    const d = declared.toLowerCase();
    return d === type || d === '*/*' || (d.endsWith('/*') && type.startsWith(d.slice(0, -1)));
  });
}

/** Why the document does not describe this answer, or null when it does. */
export function undocumented(doc: OpenApiDocument, a: Answer): string | null {
  let responses: Record<string, ResponseObject> | undefined;
  if (a.route === null) {
    responses = doc['x-unrouted-responses'];
    if (!responses) return 'the document has no x-unrouted-responses';
  } else {
    const ops = doc.paths[documentPath(a.route)];
    if (!ops) return 'the path is not in the document';
    // HEAD is GET without the body (Fastify adds it to every GET route).
    const op = ops[a.method.toLowerCase()] ?? (a.method === 'HEAD' ? ops.get : undefined);
    if (!op) return 'the method is not in the document';
    responses = op.responses ?? {};
  }
  const status = String(a.status);
  const response = resolve(doc, responses[status] ?? responses[`${status[0]}XX`] ?? responses.default);
  if (!response) return 'no response for the status';
  const content = response.content ?? {};
  const noContent = Object.keys(content).length === 0;
  if (a.status === 204 || a.status === 304) return noContent ? null : 'a body-less status declares content';
  if (a.contentType !== null && declares(content, a.contentType)) return null;
  if (a.empty && noContent) return null;
  return noContent ? 'the response declares no content' : 'the content type is not declared';
}

/**
 * Records every answer of `app` (call before `app.ready()`); `misses()` then lists, once the app is
 * ready, each answer its OpenAPI document does not describe.
 */
export function recordAnswers(app: FastifyInstance): { misses: () => string[] } {
  const answers = new Map<string, { answer: Answer; url: string }>();
  const sent = new WeakSet<FastifyRequest>();

  function record(request: FastifyRequest, status: number, contentType: unknown, empty: boolean): void {
    const path = request.url.split('?')[0] ?? '';
    // The web app's pages and the docs UI are not the API the document describes.
    if (!(path === '/api' || path.startsWith('/api/')) || path.startsWith('/api/docs')) return;
    const url = request.routeOptions.url;
    const route = url?.startsWith('/api/') ? url : null;
    const method = request.method;
    const bodiless = status === 204 || status === 304;
    const answer: Answer = {
      method,
      route,
      status,
      // Fastify sends a 204 or 304 without its body and the body's Content-Type.
      contentType: bodiless ? null : mediaType(contentType),
      empty: bodiless || method === 'HEAD' || empty,
    };
    const key = `${method} ${route ?? '(no route)'} ${status} ${answer.contentType ?? '-'} ${answer.empty}`;
    if (!answers.has(key)) answers.set(key, { answer, url: request.url });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    sent.add(request);
    record(request, reply.statusCode, reply.getHeader('content-type'), isEmptyPayload(payload));
    return payload;
  });
  // A hijacked reply (the live check-in stream) writes its head itself and never reaches onSend.
  app.addHook('preHandler', async (request, reply) => {
    const raw = reply.raw as unknown as Pick<ServerResponse, 'getHeader'> & {
      writeHead: (status: number, ...rest: unknown[]) => unknown;
    };
    const writeHead = raw.writeHead;
    raw.writeHead = function (status: number, ...rest: unknown[]) {
      if (!sent.has(request)) {
        const headers = rest.find((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
        const type = headers
          ? Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1]
          : undefined;
        record(request, status, type ?? raw.getHeader('content-type'), false);
      }
      return writeHead.call(this, status, ...rest);
    };
  });

  let doc: OpenApiDocument | null = null;
  return {
    misses() {
      doc ??= app.swagger() as unknown as OpenApiDocument;
      const found: string[] = [];
      for (const { answer, url } of answers.values()) {
        const why = undocumented(doc, answer);
        if (!why) continue;
        const path = answer.route === null ? '(no route)' : documentPath(answer.route);
        found.push(
          `${answer.method} ${path} ${answer.status} ${answer.contentType ?? '(no content type)'}` +
            `${answer.empty ? ' (empty)' : ''}: ${why} (e.g. ${answer.method} ${url.slice(0, 120)})`,
        );
      }
      return found.sort();
    },
  };
}

/** Throws, naming every answer of the app its OpenAPI document does not describe. */
export function assertDocumented(contract: { misses: () => string[] }): void {
  const misses = contract.misses();
  if (misses.length) {
    throw new Error(
      `The OpenAPI document does not describe ${misses.length} answer(s) the server gave:\n  ${misses.join('\n  ')}`,
    );
  }
}
