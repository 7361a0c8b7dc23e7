import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages, ZErrorBody, ZEventDetail } from '@attend/shared';
import { AppError } from '../../lib/app-error';
import { staffActor } from '../../plugins/auth';
import { deleteEventImage, readEventImage, setEventImage } from '../../services/events/event-image';
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

/** The two pictures of an event's tag, uploaded, removed and served alike. */
const KINDS = [
  {
    path: 'logo',
    what: 'The logo image.',
    served: 'The logo image',
    required: messages.logoFileRequired,
    tooLarge: messages.logoTooLarge,
    notFound: messages.logoNotFound,
    set: setEventLogo,
    remove: deleteEventLogo,
    read: readEventLogo,
  },
  {
    path: 'image',
    what: 'The tag design image (shown at the top of the tag or as its background).',
    served: 'The tag design image',
    required: messages.imageFileRequired,
    tooLarge: messages.imageTooLarge,
    notFound: messages.imageNotFound,
    set: setEventImage,
    remove: deleteEventImage,
    read: readEventImage,
  },
] as const;

/** The event's logo and tag image: upload and remove them (staff), and serve them by content-hash URL. */
export const eventLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  // One file of at most 1 MB, accepted by these routes only.
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  for (const kind of KINDS) {
    app.post(
      `/events/:eventId/${kind.path}/`,
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          multipartBody: uploadBody(kind.what, LOGO_MAX_BYTES, LOGO_TYPES),
          params: EventParams,
          response: { 200: ZEventDetail, ...errorResponses },
        },
      },
      async (request) => {
        const actor = staffActor(request);
        const refuse = (detail: string) =>
          new AppError('bad_request', detail, { errors: { file: [detail] } });
        if (!request.isMultipart()) throw refuse(kind.required);
        let data: Buffer;
        try {
          const file = await request.file();
          if (!file) throw refuse(kind.required);
          data = await file.toBuffer();
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(kind.tooLarge);
          throw refuse(kind.required);
        }
        return kind.set(app.db, actor, request.params.eventId, data, { ip: request.ip });
      },
    );

    app.delete(
      `/events/:eventId/${kind.path}/`,
      {
        config: { auth: 'staff' },
        schema: { tags, security, params: EventParams, response: { 200: ZEventDetail, ...errorResponses } },
      },
      async (request) => kind.remove(app.db, staffActor(request), request.params.eventId, { ip: request.ip }),
    );

    app.get(
      `/events/:eventId/${kind.path}/:hash/`,
      {
        // The URL is the capability: it carries the logo's content hash, which only someone who can
        // read the event (its staff, its participants) learns, and it names that one image for ever.
        config: { auth: 'public' },
        schema: {
          tags,
          params: EventParams.extend({ hash: z.string().regex(/^[0-9a-f]{32}$/, kind.notFound) }),
          response: { 200: fileResponse(kind.served, LOGO_TYPES), 404: ZErrorBody },
        },
      },
      async (request, reply) => {
        const logo = await kind.read(app.db, request.params.eventId, request.params.hash);
        return reply
          .type(logo.mimeType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Content-Disposition', 'inline')
          .header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
          .send(logo.content);
      },
    );
  }
};
