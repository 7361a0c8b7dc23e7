import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMe, ZStaffAccessUpdate, ZStaffAccount, ZStaffAccountList } from '@attend/shared';
import { bearerSecurity, errorResponses, RouteId } from '../route-schemas';
import { anyActor, staffActor } from '../../plugins/auth';
import { getMe } from '../../services/auth/get-me';
import { listStaffAccounts, setStaffAccess } from '../../services/auth/staff-access';

const schema = { tags: ['accounts'], security: bearerSecurity };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/me/',
    { config: { auth: 'account' }, schema: { ...schema, response: { 200: ZMe, ...errorResponses } } },
    async (request) => getMe(app.db, anyActor(request), app.qrUrlFor, app.accountCache),
  );

  app.get(
    '/accounts/staff/',
    {
      config: { auth: 'staff' },
      schema: { ...schema, response: { 200: ZStaffAccountList, ...errorResponses } },
    },
    async (request) => listStaffAccounts(app.db, staffActor(request)),
  );

  app.patch(
    '/accounts/staff/:staffId/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        params: z.object({ staffId: RouteId }),
        body: ZStaffAccessUpdate,
        response: { 200: ZStaffAccount, ...errorResponses },
      },
    },
    async (request) => {
      const account = await setStaffAccess(
        app.db,
        staffActor(request),
        request.params.staffId,
        request.body,
        request.ip,
      );
      // A change of role ends the account's sign-ins: its access tokens too.
      await app.revokedSessions.reload();
      return account;
    },
  );
};
