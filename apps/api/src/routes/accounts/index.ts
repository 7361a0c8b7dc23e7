import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZLanguageUpdate,
  ZMe,
  ZParticipantSelf,
  ZStaffAccessUpdate,
  ZStaffAccount,
  ZStaffAccountList,
  ZStaffCreate,
  ZStaffCredentials,
  ZStaffCredentialsReset,
  languageFromAcceptLanguage,
} from '@attend/shared';
import { bearerSecurity, errorResponses, RouteId } from '../route-schemas';
import { anyActor, participantActor, staffActor } from '../../plugins/auth';
import { getMe } from '../../services/auth/get-me';
import { setOwnLanguage } from '../../services/auth/set-own-language';
import { listStaffAccounts, setStaffAccess } from '../../services/auth/staff-access';
import {
  createStaffAccount,
  removeStaffAccount,
  resetStaffCredentials,
  setStaffActive,
  type CredentialContext,
} from '../../services/auth/staff-accounts';

const schema = { tags: ['accounts'], security: bearerSecurity };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffParams = z.object({ staffId: RouteId });
  const credentialContext = (request: FastifyRequest): CredentialContext => ({
    publicUrl: app.config.publicUrl,
    secretKey: app.config.secretKey,
    language: languageFromAcceptLanguage(request.headers['accept-language']),
    ip: request.ip,
  });

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
        params: staffParams,
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

  app.post(
    '/accounts/staff/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        summary:
          'Adds a staff account (admins only), with an invitation link or a generated password, answered once.',
        body: ZStaffCreate,
        response: { 201: ZStaffCredentials, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createStaffAccount(
        app.db,
        staffActor(request),
        request.body,
        credentialContext(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/accounts/staff/:staffId/credentials/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        summary:
          'A new invitation link or generated password for the account (answered once); its password and sign-ins end.',
        params: staffParams,
        body: ZStaffCredentialsReset,
        response: { 200: ZStaffCredentials, ...errorResponses },
      },
    },
    async (request) => {
      const issued = await resetStaffCredentials(
        app.db,
        staffActor(request),
        request.params.staffId,
        request.body.delivery,
        credentialContext(request),
      );
      await app.revokedSessions.reload();
      return issued;
    },
  );

  for (const [action, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/accounts/staff/:staffId/${action}/`,
      {
        config: { auth: 'staff' },
        schema: {
          ...schema,
          summary: active
            ? 'Enables a disabled staff account.'
            : 'Disables a staff account: it cannot sign in, and its sign-ins end.',
          params: staffParams,
          response: { 200: ZStaffAccount, ...errorResponses },
        },
      },
      async (request) => {
        const account = await setStaffActive(
          app.db,
          staffActor(request),
          request.params.staffId,
          active,
          request.ip,
        );
        if (!active) await app.revokedSessions.reload();
        return account;
      },
    );
  }

  app.delete(
    '/accounts/staff/:staffId/',
    {
      config: { auth: 'staff' },
      schema: {
        ...schema,
        summary: 'Removes a staff account; its sign-ins end.',
        params: staffParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeStaffAccount(app.db, staffActor(request), request.params.staffId, request.ip);
      await app.revokedSessions.reload();
      return reply.status(204).send(null);
    },
  );
};
