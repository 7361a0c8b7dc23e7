import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZParticipant,
  ZParticipantCreate,
  ZParticipantCreated,
  ZParticipantFilters,
  ZParticipantHistory,
  ZParticipantIds,
  ZParticipantListQuery,
  ZParticipantPage,
  ZParticipantStats,
  ZParticipantUpdate,
} from '@attend/shared';
import { bearerSecurity, errorResponses, EventParams, ParticipantParams } from '../route-schemas';
import { staffActor } from '../../plugins/auth';
import { pageLinks } from '../events/page-links';
import { createParticipant } from '../../services/participants/create-participant';
import { deleteParticipant } from '../../services/participants/delete-participant';
import { getParticipant } from '../../services/participants/get-participant';
import { participantHistory } from '../../services/participants/participant-history';
import {
  listParticipantIds,
  listParticipants,
  participantStats,
} from '../../services/participants/list-participants';
import { updateParticipant } from '../../services/participants/update-participant';
import { bulkUploadRoutes } from './bulk-upload';
import { exportRoutes } from './export';

const errors = errorResponses;
const staffRoute = { tags: ['participants'], security: bearerSecurity };

/** Staff management of an event's participants (document 2 §2, §7 Participants). */
export const participantRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(bulkUploadRoutes);
  await app.register(exportRoutes);

  app.get(
    '/events/:eventId/participants/',
    {
      config: { auth: 'staff' },
      schema: {
        ...staffRoute,
        params: EventParams,
        querystring: ZParticipantListQuery,
        response: { 200: ZParticipantPage, ...errors },
      },
    },
    async (request) => {
      staffActor(request);
      const { query } = request;
      const { hasNext, ...page } = await app.listings.run(() =>
        listParticipants(app.db, { eventId: request.params.eventId, query, qrUrlFor: app.qrUrlFor }),
      );
      return { ...page, ...pageLinks(request.url, query.page, query.page_size, page.count, hasNext) };
    },
  );

  app.post(
    '/events/:eventId/participants/',
    {
      config: { auth: 'staff' },
      schema: {
        ...staffRoute,
        params: EventParams,
        body: ZParticipantCreate,
        response: { 201: ZParticipantCreated, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createParticipant(app.db, staffActor(request), {
        eventId: request.params.eventId,
        input: request.body,
        qrUrlFor: app.qrUrlFor,
        ip: request.ip,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/events/:eventId/participants/stats/',
    {
      config: { auth: 'staff' },
      schema: { ...staffRoute, params: EventParams, response: { 200: ZParticipantStats, ...errors } },
    },
    async (request) => {
      staffActor(request);
      return participantStats(app.db, request.params.eventId);
    },
  );

  app.get(
    '/events/:eventId/participants/ids/',
    {
      config: { auth: 'staff' },
      schema: {
        ...staffRoute,
        params: EventParams,
        querystring: ZParticipantFilters,
        response: { 200: ZParticipantIds, ...errors },
      },
    },
    async (request) => {
      staffActor(request);
      return listParticipantIds(app.db, { eventId: request.params.eventId, filters: request.query });
    },
  );

  app.get(
    '/events/:eventId/participants/:id/',
    {
      config: { auth: 'staff' },
      schema: { ...staffRoute, params: ParticipantParams, response: { 200: ZParticipant, ...errors } },
    },
    async (request) => {
      staffActor(request);
      return getParticipant(app.db, {
        eventId: request.params.eventId,
        participantId: request.params.id,
        qrUrlFor: app.qrUrlFor,
      });
    },
  );

  app.get(
    '/events/:eventId/participants/:id/history/',
    {
      config: { auth: 'staff' },
      schema: {
        ...staffRoute,
        params: ParticipantParams,
        response: { 200: ZParticipantHistory, ...errors },
      },
    },
    async (request) =>
      participantHistory(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
      }),
  );

  app.patch(
    '/events/:eventId/participants/:id/',
    {
      config: { auth: 'staff' },
      schema: {
        ...staffRoute,
        params: ParticipantParams,
        body: ZParticipantUpdate,
        response: { 200: ZParticipant, ...errors },
      },
    },
    async (request) =>
      updateParticipant(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        input: request.body,
        qrUrlFor: app.qrUrlFor,
        ip: request.ip,
      }),
  );

  app.delete(
    '/events/:eventId/participants/:id/',
    {
      config: { auth: 'staff' },
      schema: { ...staffRoute, params: ParticipantParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteParticipant(app.db, staffActor(request), {
        eventId: request.params.eventId,
        participantId: request.params.id,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};
