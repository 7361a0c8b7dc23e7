import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/content-disposition';
import { ZParticipantFilters } from '@attend/shared';
import { bearerSecurity, errorResponses, EventParams, fileResponse } from '../route-schemas';
import { releaseSoon } from '../../lib/release-memory';
import { staffActor } from '../../plugins/auth';
import { EXPORT_FILENAME, exportParticipants } from '../../services/participants/export-participants';

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/participants/export/',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['participants'],
        security: bearerSecurity,
        params: EventParams,
        querystring: ZParticipantFilters,
        response: {
          200: fileResponse('A zip: participants.csv and the confirmed participants’ QR codes', [
            'application/zip',
          ]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      staffActor(request);
      const stream = await exportParticipants(app.db, {
        eventId: request.params.eventId,
        filters: request.query,
        qrUrlFor: app.qrUrlFor,
        qrKeys: app.qrKeys,
      });
      stream.on('error', (err) => request.log.error({ err }, 'participants export failed while streaming'));
      // A download abandoned half-way stops drawing QR codes for it.
      reply.raw.once('close', () => {
        if (!stream.readableEnded) stream.destroy();
        // What the export drew and zipped goes back to the system once it is over.
        releaseSoon();
      });
      return reply
        .type('application/zip')
        .header('Content-Disposition', contentDisposition('attachment', EXPORT_FILENAME))
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
};
