import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@attend/shared';
import { REFRESH_TOKEN_TTL_SECONDS } from './tokens';

/** Who is calling, as far as the request tells: kept with refresh tokens and used by rate limits. */
export type ClientMeta = { ip: string; userAgent: string };

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth/';

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: COOKIE_PATH });
  reply.clearCookie(SESSION_HINT_COOKIE, { sameSite: 'strict', secure, path: '/' });
}
