import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicStats } from '@attend/shared';
import { getPublicStats } from '../../services/stats/get-public-stats';

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );

  app.get(
    '/public/stats/',
    { config: { auth: 'public' }, schema: { tags: ['public'], response: { 200: ZPublicStats } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return getPublicStats(app.db, app.config.landingStats);
    },
  );
};
