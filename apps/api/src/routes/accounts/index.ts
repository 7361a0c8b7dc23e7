import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZLanguageUpdate,
  ZMe,
  ZParticipantSelf,
  ZStaffAccessUpdate,
  ZStaffAccount,
  ZStaffAccountList,
} from '@attend/shared';
import { bearerSecurity, errorResponses, RouteId } from '../route-schemas';
import { anyActor, participantActor, staffActor } from '../../plugins/auth';
import { getMe } from '../../services/auth/get-me';
import { setOwnLanguage } from '../../services/auth/set-own-language';
import { listStaffAccounts, setStaffAccess } from '../../services/auth/staff-access';

const schema = { tags: ['accounts'], security: bearerSecurity };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/me/',
    { config: { auth: 'account' }, schema: { ...schema, response: { 200: ZMe, ...errorResponses } } },
    async (request) => getMe(app.db, anyActor(request), app.qrUrlFor, app.accountCache),
  );

  // A participant's own language (screens and the messages they receive); staff set it on the
  // participant instead. Answers the account as GET /accounts/me/ then shows it.
  app.patch(
    '/accounts/me/language/',
    {
      config: { auth: 'participant' },
      schema: { ...schema, body: ZLanguageUpdate, response: { 200: ZParticipantSelf, ...errorResponses } },
    },
    async (request) => {
      const actor = participantActor(request);
      await setOwnLanguage(app.db, actor, request.body.language);
      // Read back without the cache: its invalidation arrives with the write's notification.
      const me = await getMe(app.db, actor, app.qrUrlFor);
      if (!me.is_participant) throw new Error('a participant token answered a staff account');
      return me;
    },
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
