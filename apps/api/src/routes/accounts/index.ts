import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMe } from '@attend/shared';
import { bearerSecurity, errorResponses } from '../route-schemas';
import { anyActor } from '../../plugins/auth';
import { getMe } from '../../services/auth/get-me';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/me/',
    {
      config: { auth: 'any' },
      schema: { tags: ['accounts'], security: bearerSecurity, response: { 200: ZMe, ...errorResponses } },
    },
    async (request) => getMe(app.db, anyActor(request), app.qrUrlFor),
  );
};
