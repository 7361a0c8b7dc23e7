import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCheckIn, ZCheckInRefusal, ZWalkInCreate } from '@attend/shared';
import { checkInActor } from '../../plugins/auth';
import { createWalkIn } from '../../services/check-in/create-walk-in';
import { bearerSecurity, errorResponses, EventParams } from '../route-schemas';

/** Walk-ins at the check-in station: added, confirmed and checked in in one step. */
export const walkInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/:eventId/check-in/walk-in/',
    {
      config: { auth: 'check-in' },
      schema: {
        tags: ['check-in'],
        security: bearerSecurity,
        description:
          'Adds someone not on the list as a confirmed participant and checks them in at the door ' +
          '(`session` null) or at the session, in one transaction. Admins; scanners at their events ' +
          'when the event allows walk-ins by scanners (403 otherwise). An e-mail already in the event ' +
          "answers 409 `participant_exists` naming that participant. The record's `unique_code` goes " +
          'to admins only.',
        params: EventParams,
        body: ZWalkInCreate,
        response: { 201: ZCheckIn, ...errorResponses, 404: ZCheckInRefusal, 409: ZCheckInRefusal },
      },
    },
    async (request, reply) => {
      const record = await createWalkIn(app.db, checkInActor(request), {
        eventId: request.params.eventId,
        input: request.body,
        ip: request.ip,
      });
      return reply.status(201).send(record);
    },
  );
};
