import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/content-disposition';
import { ZBadgesQuery } from '@attend/shared';
import { checkInActor, staffActor } from '../../plugins/auth';
import { renderBadgeSheets } from '../../services/badges/render-badge-sheets';
import { renderParticipantBadge } from '../../services/badges/render-participant-badge';
import { bearerSecurity, errorResponses, EventParams, fileResponse, RouteId } from '../route-schemas';

const PdfFile = fileResponse('A PDF of badge sheets', ['application/pdf']);
const BadgeFile = fileResponse("One page the badge's size", ['application/pdf']);

/** Printable badge sheets. */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/badges.pdf',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['badges'],
        security: bearerSecurity,
        description:
          'Badges of `participant_ids` (comma-separated) or of every confirmed participant ' +
          '(`all_confirmed=1`), streamed as a PDF: `layout` a4-4 (default), a4-2 or single. ' +
          'X-Badge-Count says how many badges it holds.',
        params: EventParams,
        querystring: ZBadgesQuery,
        response: { 200: PdfFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { participant_ids: ids, layout } = request.query;
      const pdf = await renderBadgeSheets(
        app.db,
        staffActor(request),
        request.params.eventId,
        {
          selection: ids?.length ? { participantIds: ids } : { allConfirmed: true },
          layout,
          qrKeys: app.qrKeys,
        },
        (err) => request.log.error({ err }, 'badge sheets: a logo or a sheet could not be drawn'),
      );
      // A download abandoned half-way stops the drawing.
      reply.raw.once('close', () => {
        if (!pdf.stream.readableEnded) pdf.stream.destroy();
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition('attachment', pdf.filename))
        .header('Cache-Control', 'no-store')
        .header('X-Badge-Count', String(pdf.count))
        .send(pdf.stream);
    },
  );

  app.get(
    '/events/:eventId/participants/:participantId/badge.pdf',
    {
      config: { auth: 'check-in' },
      schema: {
        tags: ['badges'],
        security: bearerSecurity,
        description:
          "One participant's badge on one page the badge's size (the `single` layout), to print at " +
          'the check-in station: admins, and scanners at their own events. A participant of another ' +
          'event answers 404.',
        params: EventParams.extend({ participantId: RouteId }),
        response: { 200: BadgeFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const pdf = await renderParticipantBadge(
        app.db,
        checkInActor(request),
        { ...request.params, qrKeys: app.qrKeys },
        (err) => request.log.error({ err }, 'badge: a logo or the badge could not be drawn'),
      );
      reply.raw.once('close', () => {
        if (!pdf.stream.readableEnded) pdf.stream.destroy();
      });
      // Inline: the station opens it in a print frame, or in a tab when printing from a frame fails.
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition('inline', pdf.filename))
        .header('Cache-Control', 'no-store')
        .send(pdf.stream);
    },
  );
};
