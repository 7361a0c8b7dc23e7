import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZActivityFilters, ZActivityPage, ZActivityQuery } from '@attend/shared';
import { contentDisposition } from '../../lib/content-disposition';
import { staffActor } from '../../plugins/auth';
import { exportActivity, listActivity } from '../../services/activity/list-activity';
import { pageLinks } from '../events/page-links';
import { bearerSecurity, errorResponses, EventParams, fileResponse, XLSX_TYPE } from '../route-schemas';

const schema = { tags: ['activity'], security: bearerSecurity };
const XlsxFile = fileResponse('An .xlsx workbook', [XLSX_TYPE]);

/** An event's activity page: the audit log of what staff did to it, for admins (issue 35). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:eventId/activity/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: ZActivityQuery,
        response: { 200: ZActivityPage, ...errorResponses },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, ...filters } = request.query;
      const { count, results, actors } = await listActivity(app.db, staffActor(request), {
        eventId: request.params.eventId,
        filters,
        page,
        pageSize,
      });
      return { count, ...pageLinks(request.url, page, pageSize, count), results, actors };
    },
  );

  app.get(
    '/events/:eventId/activity/export/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: EventParams,
        querystring: ZActivityFilters,
        response: { 200: XlsxFile, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exportActivity(app.db, staffActor(request), {
        eventId: request.params.eventId,
        filters: request.query,
      });
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', file.filename))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
