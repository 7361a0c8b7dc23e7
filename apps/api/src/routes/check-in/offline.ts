import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SYNC_BATCH_MAX,
  ZOfflinePack,
  ZOfflinePackQuery,
  ZSyncRequest,
  ZSyncResponse,
  type TOfflinePack,
} from '@attend/shared';
import { acceptsEncoding } from '../../lib/accept-encoding';
import { checkInActor } from '../../plugins/auth';
import { readOfflinePack } from '../../services/check-in/read-offline-pack';
import { syncCheckIns } from '../../services/check-in/sync-check-ins';
import { bearerSecurity, errorResponses, EventParams } from '../route-schemas';

const gzipAsync = promisify(gzip);
const schema = { tags: ['check-in'], security: bearerSecurity };
/** Room for a full batch of the largest items a station makes (a credential, 500 characters of notes). */
const SYNC_BODY_LIMIT = SYNC_BATCH_MAX * 2048;

/** The pack already serialized: Fastify sends bytes as they are, and the schema documents them. */
const packBytes = (bytes: Buffer) => bytes as unknown as TOfflinePack;

/** Offline check-in stations: the pack they work from, and the sync of what they queued. */
export const offlineCheckInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/check-in/offline-pack/',
    {
      config: { auth: 'check-in' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: ZOfflinePackQuery,
        description: 'Gzipped when the request accepts it; never cached.',
        response: { 200: ZOfflinePack, ...errorResponses },
      },
    },
    async (request, reply) => {
      const pack = await readOfflinePack(app.db, checkInActor(request), request.params.eventId, {
        qrKeys: app.qrKeys,
        since: request.query.since,
      });
      // Serialized here, not by the route's schema: tens of thousands of rows need no second check,
      // and the bytes are compressed (off the event loop) before they go.
      const json = Buffer.from(JSON.stringify(pack));
      reply
        .type('application/json; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Vary', 'Accept-Encoding');
      if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) return reply.send(packBytes(json));
      return reply.header('Content-Encoding', 'gzip').send(packBytes(await gzipAsync(json)));
    },
  );

  app.post(
    '/events/:eventId/check-ins/sync/',
    {
      config: { auth: 'check-in' },
      bodyLimit: SYNC_BODY_LIMIT,
      schema: {
        ...schema,
        params: EventParams,
        body: ZSyncRequest,
        response: { 200: ZSyncResponse, ...errorResponses },
      },
    },
    async (request) => {
      const started = performance.now();
      const results = await syncCheckIns(
        app.db,
        checkInActor(request),
        request.params.eventId,
        request.body.check_ins,
        request.log,
      );
      const counts = { created: 0, duplicate: 0, rejected: 0 };
      for (const r of results) counts[r.status] += 1;
      request.log.info(
        {
          event_id: request.params.eventId,
          station_id: request.body.station_id,
          ...counts,
          ms: Math.round(performance.now() - started),
        },
        'offline check-ins synced',
      );
      return { results };
    },
  );
};
