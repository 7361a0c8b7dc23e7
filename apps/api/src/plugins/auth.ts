import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@attend/shared';
import { AppError } from '../lib/app-error';
import type { Actor, ParticipantActor, StaffActor, TokenService } from '../lib/tokens';
import type { RevokedSessions } from '../services/auth/revoked-sessions';

/**
 * Who may call a route. Every route under /api must say so; startup fails otherwise.
 * - `staff`: an admin (a scanner is refused); `participant`: a participant;
 * - `any`: an admin or a participant; `check-in`: staff of either role (the service then checks a
 *   scanner's events); `account`: anyone signed in (the account endpoint).
 */
export type RouteAuth = 'public' | 'staff' | 'participant' | 'any' | 'check-in' | 'account';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** When the caller's access token expires (epoch ms); long-lived answers end by then. */
    accessExpiresAt: number | null;
    /** The sign-in (refresh-token family) the caller's access token belongs to, if it names one. */
    accessSignInId: string | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** Every API route, who may call it and its schemas, collected as routes are registered. */
    routeRegistry: { method: string; url: string; auth: RouteAuth; schema?: FastifySchema }[];
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header.trim());
  if (!match?.[1]) throw new AppError('token_not_valid');
  return match[1];
}

/** An admin; scanners never pass (they reach only `check-in` routes). */
export function staffActor(request: FastifyRequest): StaffActor {
  const actor = request.actor;
  if (actor?.kind !== 'staff' || actor.role !== 'admin') throw new AppError('forbidden');
  return actor;
}

/** Staff of either role, for check-in routes; the service checks which events a scanner may use. */
export function checkInActor(request: FastifyRequest): StaffActor {
  const actor = request.actor;
  if (actor?.kind !== 'staff') throw new AppError('forbidden');
  return actor;
}

export function participantActor(request: FastifyRequest): ParticipantActor {
  const actor = request.actor;
  if (actor?.kind !== 'participant') throw new AppError('forbidden', messages.participantOnly);
  return actor;
}

export function anyActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('not_authenticated');
  return request.actor;
}

export default fp(
  async function authPlugin(
    app: FastifyInstance,
    opts: { tokens: TokenService; revokedSessions: RevokedSessions },
  ) {
    app.decorate('tokens', opts.tokens);
    app.decorateRequest('actor', null);
    app.decorateRequest('accessExpiresAt', null);
    app.decorateRequest('accessSignInId', null);
    const registry: FastifyInstance['routeRegistry'] = [];
    app.decorate('routeRegistry', registry);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      if (route.url.startsWith('/api/docs')) {
        route.config = { ...route.config, auth: 'public' };
        return;
      }
      const auth = route.config?.auth;
      if (!auth) throw new Error(`Route ${String(route.method)} ${route.url} must declare config.auth`);
      for (const method of [route.method].flat())
        registry.push({ method, url: route.url, auth, schema: route.schema });
    });

    app.addHook('onRequest', async (request) => {
      const auth = request.routeOptions.config.auth;
      if (!auth) return;
      if (auth === 'public') return;
      const token = bearerToken(request);
      if (!token) throw new AppError('not_authenticated');
      const { actor, expiresAt, sessionId } = opts.tokens.verifyAccessToken(token);
      // A sign-in that was ended (logout, sign out everywhere, a revoked login link) ends its access tokens.
      if (sessionId && opts.revokedSessions.has(sessionId))
        throw new AppError('token_not_valid', messages.sessionEnded);
      request.accessExpiresAt = expiresAt;
      request.accessSignInId = sessionId;
      if (auth === 'participant' && actor.kind !== 'participant') {
        throw new AppError('forbidden', messages.participantOnly);
      }
      if ((auth === 'staff' || auth === 'check-in') && actor.kind !== 'staff')
        throw new AppError('forbidden');
      // A scanner runs check-in stations and nothing else.
      const scanner = actor.kind === 'staff' && actor.role === 'scanner';
      if (scanner && auth !== 'check-in' && auth !== 'account') throw new AppError('forbidden');
      request.actor = actor;
    });
  },
  { name: 'auth' },
);
