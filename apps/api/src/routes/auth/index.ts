import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZErrorBody,
  ZInviteAccept,
  ZInviteCheck,
  ZInviteInfo,
  ZOneClickLogin,
  ZParticipantLogin,
  ZParticipantTokens,
  ZRefreshBody,
  ZStaffLogin,
  ZSessionsRevoked,
  ZStaffTokens,
  ZRefreshAnswer,
  messages,
} from '@attend/shared';
import { bearerSecurity, errorResponses, signInErrorResponses } from '../route-schemas';
import { AppError } from '../../lib/app-error';
import { DEVICE_COOKIE, deviceCookieStaffId, setDeviceCookie } from '../../lib/device-cookie';
import { REFRESH_COOKIE, clearRefreshCookie, clientMeta, setRefreshCookie } from '../../lib/request-meta';
import { getMe } from '../../services/auth/get-me';
import { oneClickLogin } from '../../services/auth/login-links';
import { loginParticipant } from '../../services/auth/login-participant';
import { loginStaff } from '../../services/auth/login-staff';
import { acceptInvite, checkInvite } from '../../services/auth/staff-invites';
import {
  revokeRefreshToken,
  revokeSubjectSessions,
  rotateRefreshToken,
} from '../../services/auth/refresh-tokens';
import { anyActor } from '../../plugins/auth';
import { audit } from '../../services/audit';

const errors = errorResponses;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.publicUrl.startsWith('https://');

  app.post(
    '/auth/token/',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: ZStaffLogin, response: { 200: ZStaffTokens, ...signInErrorResponses } },
    },
    async (request, reply) => {
      const device = deviceCookieStaffId(app.config.secretKey, request.cookies[DEVICE_COOKIE]);
      const result = await loginStaff(app.db, app.tokens, request.body, clientMeta(request), {
        trustedDevice: device,
        guard: { challenges: app.challenges, altcha: request.body.altcha },
      });
      setRefreshCookie(reply, result.refresh, secure);
      setDeviceCookie(reply, app.config.secretKey, result.user.id, secure);
      return result;
    },
  );

  app.post(
    '/auth/login/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: ZParticipantLogin,
        response: { 200: ZParticipantTokens, ...signInErrorResponses },
      },
    },
    async (request, reply) => {
      const result = await loginParticipant(
        app.db,
        app.tokens,
        request.body,
        clientMeta(request),
        app.qrUrlFor,
        { challenges: app.challenges, altcha: request.body.altcha },
      );
      setRefreshCookie(reply, result.refresh, secure);
      return result;
    },
  );

  app.post(
    '/auth/one-click-login/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: ZOneClickLogin,
        response: { 200: ZParticipantTokens, ...signInErrorResponses },
      },
    },
    async (request, reply) => {
      const result = await oneClickLogin(
        app.db,
        app.tokens,
        request.body.token,
        clientMeta(request),
        app.qrUrlFor,
        { challenges: app.challenges, altcha: request.body.altcha },
      );
      setRefreshCookie(reply, result.refresh, secure);
      return result;
    },
  );

  // A used or expired invitation is 410; a disabled account's, 403.
  const inviteErrors = { ...signInErrorResponses, 410: ZErrorBody };

  app.post(
    '/auth/invite/check/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whom a staff invitation is for, and until when it works; changes nothing.',
        body: ZInviteCheck,
        response: { 200: ZInviteInfo, ...inviteErrors },
      },
    },
    async (request) =>
      checkInvite(app.db, request.body.token, clientMeta(request), {
        challenges: app.challenges,
        altcha: request.body.altcha,
      }),
  );

  app.post(
    '/auth/invite/accept/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'The invited person chooses their password, once, and is signed in (as POST /auth/token/ answers).',
        body: ZInviteAccept,
        response: { 200: ZStaffTokens, ...inviteErrors },
      },
    },
    async (request, reply) => {
      const result = await acceptInvite(app.db, app.tokens, request.body, clientMeta(request), {
        challenges: app.challenges,
        altcha: request.body.altcha,
      });
      setRefreshCookie(reply, result.refresh, secure);
      setDeviceCookie(reply, app.config.secretKey, result.user.id, secure);
      return result;
    },
  );

  app.post(
    '/auth/token/refresh/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'A new token pair, with the account as GET /api/accounts/me/ shows it.',
        body: ZRefreshBody,
        response: { 200: ZRefreshAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const raw = request.body?.refresh ?? request.cookies[REFRESH_COOKIE];
      if (!raw) throw new AppError('token_not_valid', 'No refresh token was provided.');
      try {
        const pair = await rotateRefreshToken(app.db, app.tokens, raw, clientMeta(request));
        const user = await getMe(
          app.db,
          app.tokens.verifyAccess(pair.access),
          app.qrUrlFor,
          app.accountCache,
        );
        setRefreshCookie(reply, pair.refresh, secure);
        return { ...pair, user };
      } catch (err) {
        clearRefreshCookie(reply, secure);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout/',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: ZRefreshBody, response: { 200: z.object({ detail: z.string() }) } },
    },
    async (request, reply) => {
      const raw = request.body?.refresh ?? request.cookies[REFRESH_COOKIE];
      // The access token ends with its sign-in, here at once and in other processes within seconds.
      if (raw && (await revokeRefreshToken(app.db, raw))) await app.revokedSessions.reload();
      clearRefreshCookie(reply, secure);
      return { detail: 'Logged out.' };
    },
  );

  app.post(
    '/auth/revoke-sessions/',
    {
      config: { auth: 'account' },
      schema: {
        tags: ['auth'],
        security: bearerSecurity,
        summary: 'Sign out everywhere: ends every sign-in of the caller, this one included.',
        response: { 200: ZSessionsRevoked, ...errors },
      },
    },
    async (request, reply) => {
      const actor = anyActor(request);
      const sessions = await revokeSubjectSessions(
        app.db,
        actor.kind === 'staff' ? { staffId: actor.staffId } : { participantId: actor.participantId },
      );
      await app.revokedSessions.reload();
      await audit(app.db, {
        action: 'account.revoke_sessions',
        actor,
        ip: request.ip,
        details: { sessions },
      });
      clearRefreshCookie(reply, secure);
      return { detail: messages.signedOutEverywhere, sessions };
    },
  );
};
