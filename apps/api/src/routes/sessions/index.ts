import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messages,
  ZRegistrationResult,
  ZSession,
  ZSessionCreate,
  ZSessionList,
  ZSessionListQuery,
  ZSessionParticipantList,
  ZSessionUpdate,
  ZSubSessionConfig,
  ZSubSessionsCreated,
  ZWaitlist,
  ZWaitlistActionResult,
  ZWaitlistResult,
  languageFromAcceptLanguage,
} from '@attend/shared';
import {
  bearerSecurity,
  errorResponses,
  EventParams,
  fileResponse,
  RouteId,
  XLSX_TYPE,
} from '../route-schemas';
import { anyActor, participantActor, staffActor } from '../../plugins/auth';
import { createSession } from '../../services/sessions/create-session';
import { createSubSessions } from '../../services/sessions/create-sub-sessions';
import { deleteSession } from '../../services/sessions/delete-session';
import { exportSessionParticipants } from '../../services/sessions/export-session-participants';
import { listSessionParticipants } from '../../services/sessions/list-session-participants';
import { getSession } from '../../services/sessions/get-session';
import { listSessions } from '../../services/sessions/list-sessions';
import { registerForSession, unregisterFromSession } from '../../services/sessions/register-participant';
import { updateSession } from '../../services/sessions/update-session';
import {
  joinWaitlist,
  leaveWaitlist,
  listWaitlist,
  promoteFromWaitlist,
  removeFromWaitlist,
} from '../../services/sessions/waitlist';
import { forbiddenMessage } from './forbidden-message';

const EventSessionParams = EventParams.extend({ sessionId: RouteId });
const SessionParams = z.object({ sessionId: RouteId });
const RegistrationParams = z.object({ sessionId: RouteId, participantId: RouteId });
const EventSessionParticipantParams = EventSessionParams.extend({ participantId: RouteId });
const errors = errorResponses;
const tags = ['sessions'];
const XlsxFile = fileResponse('An .xlsx workbook', [XLSX_TYPE]);
const security = bearerSecurity;

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/sessions/',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        security,
        params: EventParams,
        querystring: ZSessionListQuery,
        response: { 200: ZSessionList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listSessions(app.db, anyActor(request), request.params.eventId, {
        parentSession: request.query.parent_session,
      });
    },
  );

  app.post(
    '/events/:eventId/sessions/',
    {
      config: { auth: 'staff' },
      errorHandler: forbiddenMessage(messages.createSessionForbidden),
      schema: {
        tags,
        security,
        params: EventParams,
        body: ZSessionCreate,
        response: { 201: ZSession, ...errors },
      },
    },
    async (request, reply) => {
      const session = await createSession(app.db, staffActor(request), request.params.eventId, request.body, {
        ip: request.ip,
      });
      return reply.status(201).send(session);
    },
  );

  app.get(
    '/events/:eventId/sessions/:sessionId/',
    {
      config: { auth: 'any' },
      schema: { tags, security, params: EventSessionParams, response: { 200: ZSession, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getSession(app.db, anyActor(request), request.params.eventId, request.params.sessionId);
    },
  );

  app.put(
    '/events/:eventId/sessions/:sessionId/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        params: EventSessionParams,
        body: ZSessionUpdate,
        response: { 200: ZSession, ...errors },
      },
    },
    async (request) =>
      updateSession(
        app.db,
        staffActor(request),
        request.params.eventId,
        request.params.sessionId,
        request.body,
        {
          ip: request.ip,
        },
      ),
  );

  app.delete(
    '/events/:eventId/sessions/:sessionId/',
    {
      config: { auth: 'staff' },
      schema: { tags, security, params: EventSessionParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteSession(app.db, staffActor(request), request.params.eventId, request.params.sessionId, {
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/global/:sessionId/create_sub_sessions/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        params: SessionParams,
        body: ZSubSessionConfig,
        response: { 201: ZSubSessionsCreated, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createSubSessions(
        app.db,
        staffActor(request),
        request.params.sessionId,
        request.body,
        {
          ip: request.ip,
        },
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/sessions/global/:sessionId/export_participants/',
    {
      config: { auth: 'staff' },
      errorHandler: forbiddenMessage(messages.adminRequired),
      schema: { tags, security, params: SessionParams, response: { 200: XlsxFile, ...errors } },
    },
    async (request, reply) => {
      const file = await exportSessionParticipants(app.db, staffActor(request), request.params.sessionId);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', file.filename))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/sessions/:sessionId/participants/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        params: SessionParams,
        response: { 200: ZSessionParticipantList, ...errors },
      },
    },
    async (request) =>
      listSessionParticipants(
        app.db,
        staffActor(request),
        request.params.sessionId,
        languageFromAcceptLanguage(request.headers['accept-language']),
      ),
  );

  app.post(
    '/sessions/:sessionId/register/:participantId/',
    {
      config: { auth: 'participant' },
      schema: {
        tags,
        security,
        params: RegistrationParams,
        response: { 200: ZRegistrationResult, 201: ZRegistrationResult, ...errors },
      },
    },
    async (request, reply) => {
      const { result, created } = await registerForSession(app.db, participantActor(request), request.params);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/sessions/:sessionId/register/:participantId/',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        security,
        params: RegistrationParams,
        response: { 200: ZRegistrationResult, ...errors },
      },
    },
    async (request) => unregisterFromSession(app.db, anyActor(request), request.params, { ip: request.ip }),
  );

  // Waiting lists (issue 32): who may call them mirrors registration (a participant joins only for
  // themself; staff or the participant themself take someone out of a line).
  app.post(
    '/sessions/:sessionId/waitlist/:participantId/',
    {
      config: { auth: 'participant' },
      schema: {
        tags,
        security,
        params: RegistrationParams,
        response: { 200: ZWaitlistResult, 201: ZWaitlistResult, ...errors },
      },
    },
    async (request, reply) => {
      const { result, created } = await joinWaitlist(app.db, participantActor(request), request.params);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/sessions/:sessionId/waitlist/:participantId/',
    {
      config: { auth: 'any' },
      schema: {
        tags,
        security,
        params: RegistrationParams,
        response: { 200: ZWaitlistResult, ...errors },
      },
    },
    async (request) => leaveWaitlist(app.db, anyActor(request), request.params, { ip: request.ip }),
  );

  app.get(
    '/events/:eventId/sessions/:sessionId/waitlist/',
    {
      config: { auth: 'staff' },
      schema: { tags, security, params: EventSessionParams, response: { 200: ZWaitlist, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listWaitlist(app.db, staffActor(request), request.params.eventId, request.params.sessionId);
    },
  );

  app.delete(
    '/events/:eventId/sessions/:sessionId/waitlist/:participantId/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        params: EventSessionParticipantParams,
        response: { 200: ZWaitlistActionResult, ...errors },
      },
    },
    async (request) => removeFromWaitlist(app.db, staffActor(request), request.params, { ip: request.ip }),
  );

  app.post(
    '/events/:eventId/sessions/:sessionId/waitlist/:participantId/promote/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        params: EventSessionParticipantParams,
        response: { 201: ZWaitlistActionResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await promoteFromWaitlist(app.db, staffActor(request), request.params)),
  );
};
