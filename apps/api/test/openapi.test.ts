import Fastify, { type FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@attend/shared';
import { createTestApp, type TestApp } from './helper';
import { documentPath, recordAnswers } from './openapi-contract';

type Schema = {
  type?: string;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  additionalProperties?: Schema | boolean;
};
type Media = { schema: Schema };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Document;
});
afterAll(() => t.close());

function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]): [string, string, Operation] => [method, path, op]),
  );
}

const op = (method: string, path: string): Operation | undefined => doc.paths[path]?.[method];

describe('the contract check', () => {
  it('names every answer the document does not describe, and no other', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { info: { title: 't', version: '1' } } });
    // Typed loosely, so the route may answer a status its schema does not declare.
    const things: FastifySchema = {
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    };
    app.get('/api/things/:id/', { schema: things }, async (request, reply) => {
      if ((request.query as { tea?: string }).tea) return reply.code(418).send('short and stout');
      return { ok: true };
    });
    app.delete('/api/things/:id/', { schema: { response: { 204: { type: 'null' } } } }, async (_r, reply) =>
      reply.status(204).send(),
    );
    app.get('/api/stream/', async (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream' });
      reply.raw.end('data: x\n\n');
    });
    const contract = recordAnswers(app);
    await app.ready();
    for (const [method, url] of [
      ['GET', '/api/things/1/'],
      ['GET', '/api/things/1/?tea=1'],
      ['DELETE', '/api/things/1/'],
      ['GET', '/api/stream/'],
      ['GET', '/api/nothing-here/'],
      ['GET', '/not-the-api/'],
    ] as const) {
      await app.inject({ method, url });
    }
    await app.close();
    expect(contract.misses().map((m) => m.replace(/ \(e\.g\. .*\)$/, ''))).toEqual([
      'GET (no route) 404 application/json: the document has no x-unrouted-responses',
      'GET /api/stream/ 200 text/event-stream: the response declares no content',
      'GET /api/things/{id}/ 418 text/plain: no response for the status',
    ]);
  });

  it('writes paths as the document does', () => {
    expect(documentPath('/api/qr/:participantId.png')).toBe('/api/qr/{participantId}.png');
    expect(documentPath('/api/events/:eventId/logo/:hash/')).toBe('/api/events/{eventId}/logo/{hash}/');
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer token on every route that needs one, and none on public routes', () => {
    const wrong: string[] = [];
    for (const route of t.app.routeRegistry.filter((r) => r.method !== 'HEAD')) {
      const operation = op(route.method.toLowerCase(), documentPath(route.url));
      if (!operation) {
        wrong.push(`${route.method} ${route.url}: not in the document`);
        continue;
      }
      const expected = route.auth === 'public' ? [] : [{ bearer: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(expected)) {
        wrong.push(`${route.method} ${route.url} (${route.auth}): ${JSON.stringify(operation.security)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(op('post', '/api/auth/revoke-sessions/')?.security).toEqual([{ bearer: [] }]);
  });

  it('describes the uploads as multipart bodies with a binary file', () => {
    for (const path of ['/api/events/{eventId}/logo/', '/api/events/{eventId}/participants/bulk_upload/']) {
      const body = op('post', path)?.requestBody;
      expect(body?.required, path).toBe(true);
      expect(Object.keys(body?.content ?? {}), path).toEqual(['multipart/form-data']);
      const schema = body?.content['multipart/form-data']?.schema;
      expect(schema?.required, path).toEqual(['file']);
      expect(schema?.properties?.file, path).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  it('names the media types of files and streams', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const mediaTypes = (path: string) => Object.keys(op('get', path)?.responses['200']?.content ?? {});
    expect({
      badges: mediaTypes('/api/events/{eventId}/badges.pdf'),
      export: mediaTypes('/api/events/{eventId}/participants/export/'),
      uploadResults: mediaTypes('/api/events/{eventId}/participants/bulk_upload/results/{resultId}/'),
      sessionExport: mediaTypes('/api/sessions/global/{sessionId}/export_participants/'),
      dsaExport: mediaTypes('/api/events/{eventId}/attendance/dsa-report/export/'),
      qr: mediaTypes('/api/qr/{participantId}.png'),
      logo: mediaTypes('/api/events/{eventId}/logo/{hash}/'),
      live: mediaTypes('/api/events/{eventId}/check-ins/live/'),
    }).toEqual({
      badges: ['application/pdf'],
      export: ['application/zip'],
      uploadResults: [xlsx],
      sessionExport: [xlsx],
      dsaExport: [xlsx],
      qr: ['image/png'],
      logo: ['image/png', 'image/jpeg', 'image/webp'],
      live: ['text/event-stream'],
    });
    expect(
      op('get', '/api/events/{eventId}/badges.pdf')?.responses['200']?.content?.['application/pdf'],
    ).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
  });

  it('gives every 204 no body, and every operation its refusals', () => {
    const wrong: string[] = [];
    for (const [method, path, operation] of operations()) {
      const statuses = Object.keys(operation.responses);
      if (operation.responses['204']?.content) wrong.push(`${method} ${path}: a 204 with content`);
      const expected = ['400', '500'];
      if (operation.security?.length) expected.push('401', '403');
      if (path.includes('{')) expected.push('405');
      if (['post', 'put', 'patch', 'delete'].includes(method)) expected.push('413', '415');
      const missing = expected.filter((s) => !statuses.includes(s));
      if (missing.length) wrong.push(`${method} ${path}: no ${missing.join(', ')}`);
      if (!statuses.some((s) => s.startsWith('2'))) wrong.push(`${method} ${path}: no 2xx`);
    }
    expect(wrong).toEqual([]);
    expect(Object.keys(op('delete', '/api/events/{eventId}/')?.responses ?? {})).toContain('204');
  });

  it('bounds every id in a path and marks the times it answers with as date-times', () => {
    const wrong: string[] = [];
    for (const [method, path, operation] of operations()) {
      for (const p of operation.parameters ?? []) {
        // resultId names a results file by a random token, not a database row.
        if (p.in !== 'path' || !/(^id|Id)$/.test(p.name) || p.name === 'resultId') continue;
        const fromOne = p.schema.minimum === 1 || (p.schema.minimum === 0 && p.schema.exclusiveMinimum);
        if (p.schema.type !== 'integer' || p.schema.maximum !== MAX_ID || !fromOne) {
          wrong.push(`${method} ${path} ${p.name}: ${JSON.stringify(p.schema)}`);
        }
      }
      const visit = (schema: Schema | undefined, where: string): void => {
        if (!schema) return;
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (/_at$/.test(name) && property.format !== 'date-time') wrong.push(`${where}.${name}`);
          visit(property, `${where}.${name}`);
        }
        visit(schema.items, where);
        for (const branch of schema.anyOf ?? []) visit(branch, where);
      };
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {})) {
          visit(media.schema, `${method} ${path} ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
