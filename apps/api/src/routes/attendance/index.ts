import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBulkConfirmBody,
  ZBulkConfirmResult,
  ZConfirmResult,
  ZDirectConfirmBody,
  ZMyQrCode,
  ZSelfConfirmResult,
  ZErrorBody,
  ZSimpleConfirmBody,
  ZUndoConfirmationBody,
  ZUndoConfirmationResult,
} from '@attend/shared';
import {
  bearerSecurity,
  errorResponses,
  EventParams,
  fileResponse,
  ParticipantParams,
  RouteId,
  signInErrorResponses,
} from '../route-schemas';
import { clientMeta } from '../../lib/request-meta';
import { participantActor, staffActor } from '../../plugins/auth';
import {
  bulkConfirmAttendance,
  confirmParticipantAttendance,
} from '../../services/attendance/confirm-attendance';
import { confirmAttendanceDirect, simpleConfirm } from '../../services/attendance/confirm-own-attendance';
import { undoConfirmation } from '../../services/attendance/undo-confirmation';
import { getMyQrCode } from '../../services/attendance/get-my-qr-code';
import { renderQrImage } from '../../services/qr/qr-image';
import { qrUrlKey } from '../../services/qr/qr-url';

const errors = errorResponses;
const guarded = { tags: ['attendance'], security: bearerSecurity };

/** Confirming attendance and the QR code (document 1 §7 Attendance and QR, document 2 §7). */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const urlKey = qrUrlKey(app.config.secretKey);

  app.post(
    '/events/:eventId/participants/bulk_confirm_attendance/',
    {
      config: { auth: 'staff' },
      schema: {
        ...guarded,
        params: EventParams,
        body: ZBulkConfirmBody,
        response: { 200: ZBulkConfirmResult, ...errors },
      },
    },
    async (request) =>
      bulkConfirmAttendance(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantIds: request.body.participant_ids,
        ip: request.ip,
      }),
  );

  app.post(
    '/events/:eventId/participants/:id/confirm_attendance/',
    {
      config: { auth: 'staff' },
      schema: { ...guarded, params: ParticipantParams, response: { 200: ZConfirmResult, ...errors } },
    },
    async (request) =>
      confirmParticipantAttendance(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        qrUrlFor: app.qrUrlFor,
        ip: request.ip,
      }),
  );

  app.post(
    '/events/:eventId/participants/:id/undo_confirmation/',
    {
      config: { auth: 'staff' },
      schema: {
        ...guarded,
        params: ParticipantParams,
        body: ZUndoConfirmationBody,
        response: { 200: ZUndoConfirmationResult, ...errors },
      },
    },
    async (request) =>
      undoConfirmation(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        reason: request.body.reason,
        qrUrlFor: app.qrUrlFor,
        ip: request.ip,
      }),
  );

  app.post(
    '/simple-confirm/',
    {
      config: { auth: 'participant' },
      schema: {
        ...guarded,
        body: ZSimpleConfirmBody,
        response: { 200: ZSelfConfirmResult, ...errors },
      },
    },
    async (request) =>
      simpleConfirm(app.db, participantActor(request), {
        participantId: request.body.participant_id,
        confirm: request.body.confirm,
        qrUrlFor: app.qrUrlFor,
        ip: request.ip,
      }),
  );

  app.post(
    '/participants/confirm-attendance-direct/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['attendance'],
        body: ZDirectConfirmBody,
        response: { 200: ZSelfConfirmResult, ...signInErrorResponses },
      },
    },
    async (request) =>
      confirmAttendanceDirect(app.db, {
        eventCode: request.body.event_code,
        uniqueCode: request.body.unique_code,
        meta: clientMeta(request),
        qrUrlFor: app.qrUrlFor,
        guard: { challenges: app.challenges, altcha: request.body.altcha },
      }),
  );

  app.get(
    '/participants/me/qr-code/',
    {
      config: { auth: 'participant' },
      schema: { ...guarded, response: { 200: ZMyQrCode, ...errors } },
    },
    async (request) => getMyQrCode(app.db, participantActor(request), app.qrUrlFor),
  );

  app.get(
    '/qr/:participantId.png',
    {
      // Public: an <img> cannot send a bearer token. The URL itself is the credential (HMAC, expiring).
      config: { auth: 'public' },
      schema: {
        tags: ['attendance'],
        params: z.object({ participantId: RouteId }),
        querystring: z.object({
          exp: z.coerce.number().int().positive(),
          sig: z.string().min(1).max(64),
        }),
        response: {
          200: fileResponse("The participant's QR code", ['image/png']),
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { png, maxAgeSeconds } = await renderQrImage(
        app.db,
        app.qrKeys,
        urlKey,
        { participantId: request.params.participantId, ...request.query },
        Date.now(),
      );
      return reply
        .type('image/png')
        .header('Cache-Control', `private, max-age=${maxAgeSeconds}, immutable`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(png);
    },
  );
};
