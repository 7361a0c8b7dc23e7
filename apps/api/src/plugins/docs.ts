import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@attend/shared';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The multipart/form-data body of an upload (a JSON schema), for the OpenAPI document only: the
     * route reads the parts itself (`request.file()`), so Fastify validates no body.
     */
    multipartBody?: Record<string, unknown>;
  }
}

const errorBody: Record<string, unknown> = z.toJSONSchema(ZErrorBody, { target: 'openapi-3.0' });
delete errorBody.$schema;
const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBody } },
});

/**
 * Answers to requests that no operation takes, which OpenAPI has no place for (errors.ts answers
 * them): the contract test (apps/api/test/openapi-contract.ts) holds the server to these too.
 */
const unroutedResponses = {
  '400': refusal('The address is not a valid URL (bad percent-encoding).'),
  '404': refusal('No operation has this path.'),
  '405': refusal('The path exists, but not with this method; `Allow` lists its methods.'),
  '414': refusal('A segment of the path is longer than 2048 characters.'),
  '500': refusal('An unexpected failure before any operation took the request.'),
};

/**
 * Refusals the framework gives on any route of a kind, not the route itself: errors.ts (validation,
 * NUL characters, 405 on a parametric path, Fastify's 413 and 415 for a body, 500), auth.ts (401 and
 * 403 on every route that needs a token). Added to each operation that does not declare them.
 */
function frameworkRefusals(method: string, url: string, auth: string | undefined): Record<string, string> {
  const found: Record<string, string> = {
    '400': 'The request is not valid: a field, the query or the path (`errors` names the fields).',
  };
  if (auth !== 'public') {
    found['401'] = 'No access token, or one that is not valid, expired or signed out.';
    found['403'] = 'The token is valid but its holder may not do this.';
  }
  // DELETE …/participants/stats/ reaches DELETE …/participants/{id}/, but is the stats path's.
  if (/[:*]/.test(url)) {
    found['405'] = 'The address is another path’s, which lacks this method; `Allow` lists its methods.';
  }
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    found['413'] = 'The body is larger than this operation accepts.';
    found['415'] = 'The body’s Content-Type is not one this operation reads.';
  }
  found['500'] = 'An unexpected failure (the body never carries its details).';
  return found;
}

/** `post /api/events/:eventId/logo/` -> `postEventsByEventIdLogo`, for client generators. */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/._-]+/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by ${part.slice(1)}` : part));
  const camel = words.join(' ').replace(/(?:^|\s+)(\w)/g, (_m, c: string) => c.toUpperCase());
  return method.toLowerCase() + camel;
}

type RouteSchemaOut = {
  body?: unknown;
  security?: unknown;
  operationId?: string;
  response?: Record<string, unknown>;
};

/**
 * The zod transform, then what the route's code and Fastify say and its schema cannot: a 204 has no
 * body (Fastify drops it), an upload's multipart body (`multipartBody`), the framework's refusals,
 * `security: []` on public routes (no token), an operationId.
 */
const transform: SwaggerTransform = (input) => {
  const { multipartBody, ...rest } = input.schema ?? {};
  const out = jsonSchemaTransform({ ...input, schema: rest } as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = out.schema as RouteSchemaOut | undefined;
  if (!schema || 'hide' in schema) return out;
  const method = [input.route.method].flat()[0] ?? 'GET';
  const auth = input.route.config?.auth;
  const response = (schema.response ??= {});
  if (response['204']) response['204'] = { type: 'null', description: 'No Content' };
  for (const [status, description] of Object.entries(frameworkRefusals(method, input.url, auth))) {
    response[status] ??= { ...errorBody, description };
  }
  if (multipartBody) schema.body = multipartBody;
  if (auth === 'public') schema.security = [];
  schema.operationId ??= operationId(method, input.url);
  return out;
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What zod's OpenAPI 3.0 output leaves invalid, fixed in place: `nullable` beside `anyOf` without a
 * `type` (3.0 ignores it there: null moves into each typed branch), and a record with fixed keys,
 * whose `required` names keys only the dropped `propertyNames` listed.
 */
function fixSchemas(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(fixSchemas);
  if (!isObject(node)) return;
  if (node.nullable === true && node.type === undefined && Array.isArray(node.anyOf)) {
    node.anyOf = node.anyOf.map((branch) =>
      isObject(branch) && typeof branch.type === 'string' ? { ...branch, nullable: true } : branch,
    );
    delete node.nullable;
  }
  if (Array.isArray(node.required) && isObject(node.additionalProperties)) {
    const properties = isObject(node.properties) ? node.properties : {};
    for (const name of node.required) {
      if (typeof name === 'string' && !(name in properties)) properties[name] = node.additionalProperties;
    }
    node.properties = properties;
  }
  for (const value of Object.values(node)) fixSchemas(value);
}

/** Each response's description: the HTTP reason phrase where the route gave none. */
function describeResponses(paths: unknown): void {
  for (const ops of Object.values(isObject(paths) ? paths : {})) {
    for (const op of Object.values(isObject(ops) ? ops : {})) {
      const responses = isObject(op) && isObject(op.responses) ? op.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        if (isObject(response) && response.description === 'Default Response') {
          response.description = STATUS_CODES[Number(status)] ?? 'Response';
        }
      }
    }
  }
}

/** The document's fixed parts (`x-` keys are copied as they are; the types do not list them). */
const openapi = {
  info: {
    title: 'Attend API',
    version: '1.0.0',
    description:
      'Every refusal is `{detail, code}` (JSON). A path not listed here answers 404, a listed path ' +
      'asked with a method it does not list answers 405 with `Allow` (see `x-unrouted-responses`).',
  },
  servers: [{ url: '/', description: 'The server that serves this document' }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
  'x-unrouted-responses': unroutedResponses,
} as FastifyDynamicSwaggerOptions['openapi'];

export default fp(
  async function docsPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi,
      transform,
      transformObject: (document) => {
        const paths = 'openapiObject' in document ? document.openapiObject.paths : undefined;
        fixSchemas(paths);
        describeResponses(paths);
        return 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
