import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages, ZErrorBody, ZEventDetail } from '@attend/shared';
import { AppError } from '../../lib/app-error';
import { staffActor } from '../../plugins/auth';
import {
  deleteEventLogo,
  LOGO_MAX_BYTES,
  readEventLogo,
  setEventLogo,
} from '../../services/events/event-logo';
import { bearerSecurity, errorResponses, EventParams, fileResponse, uploadBody } from '../route-schemas';

const tags = ['events'];
const security = bearerSecurity;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The event's logo: upload and remove it (staff), and serve it by its content-hash URL. */
export const eventLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  // One file of at most 1 MB, accepted by these routes only.
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  app.post(
    '/events/:eventId/logo/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        multipartBody: uploadBody('The logo image.', LOGO_MAX_BYTES, LOGO_TYPES),
        params: EventParams,
        response: { 200: ZEventDetail, ...errorResponses },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      const refuse = (detail: string) => new AppError('bad_request', detail, { errors: { file: [detail] } });
      if (!request.isMultipart()) throw refuse(messages.logoFileRequired);
      let data: Buffer;
      try {
        const file = await request.file();
        if (!file) throw refuse(messages.logoFileRequired);
        data = await file.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(messages.logoTooLarge);
        throw refuse(messages.logoFileRequired);
      }
      return setEventLogo(app.db, actor, request.params.eventId, data, { ip: request.ip });
    },
  );

  app.delete(
    '/events/:eventId/logo/',
    {
      config: { auth: 'staff' },
      schema: { tags, security, params: EventParams, response: { 200: ZEventDetail, ...errorResponses } },
    },
    async (request) =>
      deleteEventLogo(app.db, staffActor(request), request.params.eventId, { ip: request.ip }),
  );

  app.get(
    '/events/:eventId/logo/:hash/',
    {
      // The URL is the capability: it carries the logo's content hash, which only someone who can
      // read the event (its staff, its participants) learns, and it names that one image for ever.
      config: { auth: 'public' },
      schema: {
        tags,
        params: EventParams.extend({ hash: z.string().regex(/^[0-9a-f]{32}$/, messages.logoNotFound) }),
        response: { 200: fileResponse('The logo image', LOGO_TYPES), 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const logo = await readEventLogo(app.db, request.params.eventId, request.params.hash);
      return reply
        .type(logo.mimeType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .send(logo.content);
    },
  );
};
