import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZLoginLink } from '@attend/shared';
import { staffActor } from '../../plugins/auth';
import { createLoginLink, revokeLoginLinks } from '../../services/auth/login-links';

const Params = z.object({
  eventId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});

export const loginLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/:eventId/participants/:id/login-link/',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['participants'],
        security: [{ bearer: [] }],
        params: Params,
        response: { 201: ZLoginLink, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const link = await createLoginLink(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        publicUrl: app.config.publicUrl,
        ip: request.ip,
      });
      return reply.status(201).send(link);
    },
  );

  app.delete(
    '/events/:eventId/participants/:id/login-link/',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['participants'],
        security: [{ bearer: [] }],
        params: Params,
        response: { 200: z.object({ revoked: z.number().int() }), 404: ZErrorBody },
      },
    },
    async (request) => ({
      revoked: await revokeLoginLinks(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        ip: request.ip,
      }),
    }),
  );
};
