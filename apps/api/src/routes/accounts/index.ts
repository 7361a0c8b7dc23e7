import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZMe } from '@attend/shared';
import { anyActor } from '../../plugins/auth';
import { getMe } from '../../services/auth/get-me';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/me/',
    {
      config: { auth: 'any' },
      schema: { tags: ['accounts'], security: [{ bearer: [] }], response: { 200: ZMe, 401: ZErrorBody } },
    },
    async (request) => getMe(app.db, anyActor(request), app.qrUrlFor),
  );
};
