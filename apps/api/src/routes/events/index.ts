import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEventCreate, ZEventDetail, ZEventListQuery, ZEventPage, ZEventUpdate } from '@attend/shared';
import { bearerSecurity, errorResponses, EventParams } from '../route-schemas';
import { anyActor, staffActor } from '../../plugins/auth';
import { createEvent } from '../../services/events/create-event';
import { deleteEvent } from '../../services/events/delete-event';
import { getEvent } from '../../services/events/get-event';
import { listEvents } from '../../services/events/list-events';
import { updateEvent } from '../../services/events/update-event';
import { eventLogoRoutes } from './logo';
import { pageLinks } from './page-links';

const Params = EventParams;
const errors = errorResponses;
const tags = ['events'];
const security = bearerSecurity;

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(eventLogoRoutes);

  app.get(
    '/events/',
    {
      config: { auth: 'any' },
      schema: { tags, security, querystring: ZEventListQuery, response: { 200: ZEventPage, ...errors } },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await listEvents(app.db, anyActor(request), {
        page: q.page,
        pageSize: q.page_size,
        search: q.search || undefined,
        isActive: q.is_active,
        status: q.status,
      });
      reply.header('Cache-Control', 'no-store');
      return {
        count: page.count,
        ...pageLinks(request.url, q.page, q.page_size, page.count),
        results: page.results,
      };
    },
  );

  app.post(
    '/events/',
    {
      config: { auth: 'staff' },
      schema: { tags, security, body: ZEventCreate, response: { 201: ZEventDetail, ...errors } },
    },
    async (request, reply) => {
      const event = await createEvent(app.db, staffActor(request), request.body, { ip: request.ip });
      return reply.status(201).send(event);
    },
  );

  app.get(
    '/events/:eventId/',
    {
      config: { auth: 'any' },
      schema: { tags, security, params: Params, response: { 200: ZEventDetail, ...errors } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getEvent(app.db, anyActor(request), request.params.eventId);
    },
  );

  app.patch(
    '/events/:eventId/',
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        security,
        params: Params,
        body: ZEventUpdate,
        response: { 200: ZEventDetail, ...errors },
      },
    },
    async (request) =>
      updateEvent(app.db, staffActor(request), request.params.eventId, request.body, { ip: request.ip }),
  );

  app.delete(
    '/events/:eventId/',
    {
      config: { auth: 'staff' },
      schema: { tags, security, params: Params, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteEvent(app.db, staffActor(request), request.params.eventId, { ip: request.ip });
      return reply.status(204).send(null);
    },
  );
};
