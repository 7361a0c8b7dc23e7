import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecurity, errorResponses, ParticipantParams } from '../route-schemas';
import { staffActor } from '../../plugins/auth';
import { messages, ZLoginLink, ZLoginLinksRevoked, ZParticipant, ZSessionsRevoked } from '@attend/shared';
import {
  createLoginLink,
  revokeLoginLinks,
  revokeParticipantSessions,
} from '../../services/auth/login-links';
import { resetUniqueCode } from '../../services/participants/reset-unique-code';

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
      schema: { ...schema, response: { 200: ZLoginLinksRevoked, ...errorResponses } },
    },
    async (request) => {
      const revoked = await revokeLoginLinks(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        ip: request.ip,
      });
      await app.revokedSessions.reload();
      return { revoked };
    },
  );

  app.post(
    '/events/:eventId/participants/:id/revoke-sessions/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        summary: 'Sign out everywhere: ends every sign-in of the participant (refresh and access tokens).',
        response: { 200: ZSessionsRevoked, ...errorResponses },
      },
    },
    async (request) => {
      const sessions = await revokeParticipantSessions(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        ip: request.ip,
      });
      await app.revokedSessions.reload();
      return { detail: messages.signedOutEverywhere, sessions };
    },
  );

  app.post(
    '/events/:eventId/participants/:id/reset-code/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        summary:
          'Reset login code: a new unique code; the old one, every sign-in and every login link end. The QR code is unchanged.',
        response: { 200: ZParticipant, ...errorResponses },
      },
    },
    async (request) => {
      const participant = await resetUniqueCode(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        qrUrlFor: app.qrUrlFor,
        ip: request.ip,
      });
      await app.revokedSessions.reload();
      return participant;
    },
  );
};
