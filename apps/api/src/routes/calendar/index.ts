import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  languageFromAcceptLanguage,
  ZAltchaSolution,
  ZCalendarSubscription,
  ZChallengeRequired,
  ZErrorBody,
} from '@attend/shared';
import { bearerSecurity, errorResponses, EventParams, fileResponse } from '../route-schemas';
import { participantActor, staffActor } from '../../plugins/auth';
import {
  calendarByToken,
  myCalendar,
  myCalendarSubscription,
  programmeCalendar,
  type CalendarFile,
} from '../../services/calendar/session-calendars';

export const ICS_TYPE = 'text/calendar';
const IcsFile = fileResponse('An iCalendar file (RFC 5545)', [ICS_TYPE]);
const security = bearerSecurity;

function sendIcs(reply: FastifyReply, file: CalendarFile, cache: string) {
  return reply
    .header('Content-Type', `${ICS_TYPE}; charset=utf-8`)
    .header('Content-Disposition', contentDisposition('attachment', file.filename))
    .header('Cache-Control', cache)
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);
}

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;

  app.get(
    '/participants/me/calendar.ics',
    {
      config: { auth: 'participant' },
      schema: {
        tags: ['sessions'],
        security,
        summary: 'The sessions the participant is registered for, as an iCalendar file.',
        response: { 200: IcsFile, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendIcs(reply, await myCalendar(app.db, participantActor(request), { publicUrl }), 'private, no-store'),
  );

  app.get(
    '/participants/me/calendar/',
    {
      config: { auth: 'participant' },
      schema: {
        tags: ['sessions'],
        security,
        summary:
          'The private subscription URL (webcal://) of the same calendar, made on the first ask; ' +
          'Sign out everywhere revokes it.',
        response: { 200: ZCalendarSubscription, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return myCalendarSubscription(app.db, participantActor(request), publicUrl);
    },
  );

  app.get(
    '/calendar/:token.ics',
    {
      // Public: calendar apps cannot send a bearer token. The URL's random token is the credential.
      config: { auth: 'public' },
      schema: {
        tags: ['sessions'],
        summary: "A participant's calendar by the token of their subscription URL.",
        params: z.object({ token: z.string().max(128) }),
        querystring: z.object({ altcha: ZAltchaSolution }),
        response: { 200: IcsFile, 404: ZErrorBody, 428: ZChallengeRequired },
      },
    },
    async (request, reply) => {
      const file = await calendarByToken(app.db, request.params.token, {
        publicUrl,
        ip: request.ip,
        guard: { challenges: app.challenges, altcha: request.query.altcha },
      });
      // Never kept by a shared cache: the address is the secret, the answer personal.
      return sendIcs(reply, file, 'private, no-store');
    },
  );

  app.get(
    '/events/:eventId/sessions/calendar.ics',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['sessions'],
        security,
        summary: 'The whole programme of the event (sessions and sub-sessions) as an iCalendar file.',
        params: EventParams,
        response: { 200: IcsFile, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendIcs(
        reply,
        await programmeCalendar(app.db, staffActor(request), request.params.eventId, {
          publicUrl,
          language: languageFromAcceptLanguage(request.headers['accept-language']),
        }),
        'private, no-store',
      ),
  );
};
