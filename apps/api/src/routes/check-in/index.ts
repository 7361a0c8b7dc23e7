import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCheckIn,
  ZCheckInCreate,
  ZCheckInEventList,
  ZCheckInListQuery,
  ZCheckInOverview,
  ZCheckInPage,
  ZCheckInRefusal,
  ZDsaReport,
  ZDsaReportQuery,
  ZEventCheckInStats,
  ZMyDsaProgress,
  languageFromAcceptLanguage,
} from '@attend/shared';
import { checkInActor, participantActor, staffActor } from '../../plugins/auth';
import { assertEventAccess } from '../../services/auth/staff-access';
import { checkInParticipant } from '../../services/check-in/check-in-participant';
import { checkInOverview, eventCheckInStats } from '../../services/check-in/check-in-stats';
import { dsaReport, exportDsaReport, myDsaProgress } from '../../services/check-in/dsa-report';
import { requireEventRow } from '../../services/check-in/event-scope';
import { listAttendance, listEventCheckIns } from '../../services/check-in/list-check-ins';
import { listCheckInEvents } from '../../services/check-in/list-check-in-events';
import { LiveStreamAccess } from '../../services/check-in/live-access';
import { CheckInHub } from '../../services/check-in/live-hub';
import { liveEventFor } from '../../services/check-in/serialize';
import { undoCheckIn } from '../../services/check-in/undo-check-in';
import { pageLinks } from '../events/page-links';
import {
  bearerSecurity,
  errorResponses,
  EventParams,
  fileResponse,
  RouteId,
  XLSX_TYPE,
} from '../route-schemas';
import { offlineCheckInRoutes } from './offline';
import { walkInRoutes } from './walk-in';

const schema = { tags: ['check-in'], security: bearerSecurity };
const refusals = { ...errorResponses, 400: ZCheckInRefusal, 404: ZCheckInRefusal, 409: ZCheckInRefusal };
const XlsxFile = fileResponse('An .xlsx workbook', [XLSX_TYPE]);
const KEEP_ALIVE_MS = 15_000;

/** Check-in at the door and at sessions, live updates, statistics and the DSA report. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new CheckInHub(app.database, (err) => app.log.warn({ err }, 'unreadable check-in notice'));
  const streams = new Set<() => void>();
  const access = new LiveStreamAccess(app.db, (err) =>
    app.log.warn({ err }, 'live-stream access check failed'),
  );
  app.addHook('onClose', async () => {
    for (const end of streams) end();
    access.stop();
    await hub.close();
  });
  await app.register(offlineCheckInRoutes);
  await app.register(walkInRoutes);

  app.get(
    '/check-in/events/',
    {
      config: { auth: 'check-in' },
      schema: { ...schema, response: { 200: ZCheckInEventList, ...errorResponses } },
    },
    async (request) => listCheckInEvents(app.db, checkInActor(request)),
  );

  app.post(
    '/events/:eventId/check-in/',
    {
      config: { auth: 'check-in' },
      schema: {
        ...schema,
        params: EventParams,
        body: ZCheckInCreate,
        response: { 200: ZCheckIn, 201: ZCheckIn, ...refusals },
      },
    },
    async (request, reply) => {
      const outcome = await checkInParticipant(
        app.db,
        checkInActor(request),
        request.params.eventId,
        request.body,
      );
      return reply.status(outcome.status === 'created' ? 201 : 200).send(outcome.check_in);
    },
  );

  app.delete(
    '/events/:eventId/check-ins/:checkInId/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams.extend({ checkInId: RouteId }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await undoCheckIn(app.db, staffActor(request), {
        eventId: request.params.eventId,
        checkInId: request.params.checkInId,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/events/:eventId/attendance/',
    {
      config: { auth: 'check-in' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: ZCheckInListQuery,
        response: { 200: ZCheckInPage, ...errorResponses },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, search } = request.query;
      const { count, results } = await listAttendance(app.db, checkInActor(request), {
        eventId: request.params.eventId,
        sessionId: null,
        page,
        pageSize,
        search,
      });
      return { count, ...pageLinks(request.url, page, pageSize, count), results };
    },
  );

  app.get(
    '/events/:eventId/sessions/:sessionId/attendance/',
    {
      config: { auth: 'check-in' },
      schema: {
        ...schema,
        params: EventParams.extend({ sessionId: RouteId }),
        querystring: ZCheckInListQuery,
        response: { 200: ZCheckInPage, ...errorResponses },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, search } = request.query;
      const { count, results } = await listAttendance(app.db, checkInActor(request), {
        eventId: request.params.eventId,
        sessionId: request.params.sessionId,
        page,
        pageSize,
        search,
      });
      return { count, ...pageLinks(request.url, page, pageSize, count), results };
    },
  );

  app.get(
    '/events/:eventId/check-ins/',
    {
      config: { auth: 'check-in' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: z.object({ session: z.union([z.literal('main'), RouteId]).optional() }),
        response: { 200: z.array(ZCheckIn), ...errorResponses },
      },
    },
    async (request) => {
      const session = request.query.session;
      return listEventCheckIns(
        app.db,
        checkInActor(request),
        request.params.eventId,
        session === undefined ? undefined : session === 'main' ? null : session,
      );
    },
  );

  app.get(
    '/check-ins/stats/',
    {
      config: { auth: 'staff' },
      schema: { ...schema, response: { 200: ZCheckInOverview, ...errorResponses } },
    },
    async (request) => checkInOverview(app.db, staffActor(request)),
  );

  app.get(
    '/events/:eventId/check-ins/stats/',
    {
      config: { auth: 'check-in' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: z.object({ session: RouteId.optional() }),
        response: { 200: ZEventCheckInStats, ...errorResponses },
      },
    },
    async (request) =>
      eventCheckInStats(app.db, checkInActor(request), request.params.eventId, request.query.session ?? null),
  );

  app.get(
    '/events/:eventId/check-ins/live/',
    {
      config: { auth: 'check-in' },
      schema: {
        ...schema,
        params: EventParams,
        description:
          "Server-Sent Events: one `check_in` event (`{action, check_in}`) per check-in made or undone; a scanner's records carry no `unique_code`.",
        response: {
          200: {
            description: 'An endless stream of Server-Sent Events (it ends when the access token expires)',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const actor = checkInActor(request);
      await assertEventAccess(app.db, actor, eventId);
      await requireEventRow(app.db, eventId);
      const raw = reply.raw;
      const write = (chunk: string) => {
        if (!raw.destroyed) raw.write(chunk);
      };
      const unsubscribe = await hub.subscribe(eventId, (event) =>
        write(`event: check_in\ndata: ${JSON.stringify(liveEventFor(actor, event))}\n\n`),
      );
      reply.hijack();
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
        // Proxies must pass events through as they come.
        'X-Accel-Buffering': 'no',
      });
      write('retry: 3000\n: connected\n\n');
      const ping = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      // The stream lives no longer than the token that opened it: the client reconnects with a
      // fresh one. Before that, it ends within seconds once its holder may no longer see it: a
      // withdrawn grant, a sign out everywhere, a change of role (LiveStreamAccess).
      const expiry = setTimeout(
        () => end(),
        Math.max(0, (request.accessExpiresAt ?? Date.now()) - Date.now()),
      );
      const unwatch = access.watch(
        { staffId: actor.staffId, role: actor.role, eventId, signInId: request.accessSignInId },
        () => end(),
      );
      const end = () => {
        clearInterval(ping);
        clearTimeout(expiry);
        unwatch();
        unsubscribe();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.once('close', end);
    },
  );

  app.get(
    '/events/:eventId/attendance/dsa-report/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: ZDsaReportQuery,
        response: { 200: ZDsaReport, ...errorResponses },
      },
    },
    async (request) =>
      dsaReport(
        app.db,
        staffActor(request),
        request.params.eventId,
        request.query.day,
        languageFromAcceptLanguage(request.headers['accept-language']),
      ),
  );

  app.get(
    '/events/:eventId/attendance/dsa-report/export/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: ZDsaReportQuery,
        response: { 200: XlsxFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exportDsaReport(
        app.db,
        staffActor(request),
        request.params.eventId,
        request.query.day,
        languageFromAcceptLanguage(request.headers['accept-language']),
      );
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', file.filename))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/participants/me/dsa/',
    {
      config: { auth: 'participant' },
      schema: {
        ...schema,
        querystring: ZDsaReportQuery,
        response: { 200: ZMyDsaProgress, ...errorResponses },
      },
    },
    async (request) => myDsaProgress(app.db, participantActor(request), request.query.day),
  );
};
