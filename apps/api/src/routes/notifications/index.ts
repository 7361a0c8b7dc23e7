import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDashboardActivity,
  ZFailedEmailStats,
  ZMailboxPage,
  ZMessageListQuery,
  ZOutgoingMessagePage,
  ZRetryResult,
  ZSendNotifications,
  ZSendNotificationsResult,
  ZSmsPreview,
} from '@attend/shared';
import { staffActor } from '../../plugins/auth';
import { requireEventRow } from '../../services/check-in/event-scope';
import {
  failedMessageStats,
  listEventMessages,
  listMailbox,
  requireEventMessage,
  retryFailedMessages,
} from '../../services/notifications/failed-messages';
import { previewLoginSms } from '../../services/notifications/preview-login-sms';
import { sendNotifications } from '../../services/notifications/send-notifications';
import { getDashboardActivity } from '../../services/stats/get-dashboard-activity';
import { pageLinks } from '../events/page-links';
import { bearerSecurity, errorResponses, EventParams, RouteId } from '../route-schemas';

const schema = { tags: ['notifications'], security: bearerSecurity };
/** How long Retry Now waits for the outbox before answering with what it knows. */
const SETTLE_MS = 10_000;

/** Login details by e-mail and SMS, the outbox's failed messages, the dev mailbox and dashboard charts. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const settle = () => {
    const outbox = app.outbox;
    if (!outbox) return Promise.resolve();
    return Promise.race([
      outbox.idle(),
      new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS).unref()),
    ]);
  };

  app.post(
    '/events/:eventId/participants/send_notifications/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams,
        body: ZSendNotifications,
        response: { 200: ZSendNotificationsResult, ...errorResponses },
      },
    },
    async (request) =>
      sendNotifications(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantIds: request.body.participant_ids,
        type: request.body.type,
        ip: request.ip,
      }),
  );

  app.get(
    '/events/:eventId/participants/sms_preview/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams,
        response: { 200: ZSmsPreview, ...errorResponses },
      },
    },
    async (request) => {
      staffActor(request);
      return previewLoginSms(app.db, { eventId: request.params.eventId, publicUrl: app.config.publicUrl });
    },
  );

  app.get(
    '/accounts/admin/failed-emails/stats/',
    {
      config: { auth: 'staff' },
      schema: { ...schema, response: { 200: ZFailedEmailStats, ...errorResponses } },
    },
    async (request) => {
      staffActor(request);
      return failedMessageStats(app.db);
    },
  );

  for (const [path, force] of [
    ['/accounts/admin/failed-emails/retry/', false],
    ['/accounts/admin/failed-emails/force-retry/', true],
  ] as const) {
    app.post(
      path,
      {
        config: { auth: 'staff' },
        schema: { ...schema, response: { 200: ZRetryResult, ...errorResponses } },
      },
      async (request) => retryFailedMessages(app.db, staffActor(request), { force, ip: request.ip, settle }),
    );
  }

  app.get(
    '/events/:eventId/messages/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: ZMessageListQuery,
        response: { 200: ZOutgoingMessagePage, ...errorResponses },
      },
    },
    async (request) => {
      staffActor(request);
      await requireEventRow(app.db, request.params.eventId);
      const { page, page_size: pageSize, status, channel } = request.query;
      const { count, results } = await listEventMessages(app.db, {
        eventId: request.params.eventId,
        page,
        pageSize,
        status,
        channel,
      });
      return { count, ...pageLinks(request.url, page, pageSize, count), results };
    },
  );

  app.post(
    '/events/:eventId/messages/:messageId/retry/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams.extend({ messageId: RouteId }),
        response: { 200: ZRetryResult, ...errorResponses },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      await requireEventMessage(app.db, request.params.eventId, request.params.messageId);
      return retryFailedMessages(app.db, actor, {
        force: true,
        ip: request.ip,
        settle,
        eventId: request.params.eventId,
        messageId: request.params.messageId,
      });
    },
  );

  app.get(
    '/mailbox/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          page_size: z.coerce.number().int().min(1).max(200).default(50),
          recipient: z.string().trim().max(320).optional(),
        }),
        response: { 200: ZMailboxPage, ...errorResponses },
      },
    },
    async (request) => {
      staffActor(request);
      const { page, page_size: pageSize, recipient } = request.query;
      const { count, results } = await listMailbox(app.db, { page, pageSize, recipient });
      return { count, ...pageLinks(request.url, page, pageSize, count), results };
    },
  );

  app.get(
    '/dashboard/activity/',
    {
      config: { auth: 'staff' },
      schema: { ...schema, response: { 200: ZDashboardActivity, ...errorResponses } },
    },
    async (request) => {
      staffActor(request);
      return getDashboardActivity(app.db);
    },
  );
};
