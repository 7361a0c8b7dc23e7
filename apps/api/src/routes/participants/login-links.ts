import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLoginLink } from '@attend/shared';
import { bearerSecurity, errorResponses, ParticipantParams } from '../route-schemas';
import { staffActor } from '../../plugins/auth';
import { createLoginLink, revokeLoginLinks } from '../../services/auth/login-links';

const PATH = '/events/:eventId/participants/:id/login-link/';
const schema = { tags: ['participants'], security: bearerSecurity, params: ParticipantParams };

export const loginLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PATH,
    { config: { auth: 'staff' }, schema: { ...schema, response: { 201: ZLoginLink, ...errorResponses } } },
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
    PATH,
    {
      config: { auth: 'staff' },
      schema: { ...schema, response: { 200: z.object({ revoked: z.number().int() }), ...errorResponses } },
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
