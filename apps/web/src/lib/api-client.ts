import type { z } from 'zod';
import { expireSession, getAccessToken, getSession, refreshAccessToken } from './auth-session';
import { ApiError, http, type HttpOptions, type HttpResult } from './http';
import { currentLanguage } from './i18n';

export { ApiError, InvalidResponseError, NetworkError } from './http';

export type ApiOptions<S extends z.ZodType | undefined> = HttpOptions<S> & {
  /** Send the access token (default true). */
  auth?: boolean;
};

function withBearer<S extends z.ZodType | undefined>(opts: HttpOptions<S>, token: string | null) {
  if (!token) return opts;
  return { ...opts, headers: { ...opts.headers, Authorization: `Bearer ${token}` } };
}

/**
 * Calls the API. Authenticated calls carry one `Authorization: Bearer` header; a 401 triggers one
 * refresh and one retry, and when that fails the session ends (guards then redirect to sign-in).
 * Every call names the language on screen (`Accept-Language`), so the API's messages come in it.
 */
export async function api<S extends z.ZodType | undefined = undefined>(
  url: string,
  opts: ApiOptions<S> = {},
): Promise<HttpResult<S>> {
  const { auth = true, ...options } = opts;
  const rest = { ...options, headers: { 'Accept-Language': currentLanguage(), ...options.headers } };
  if (!auth) return http(url, rest);
  const token = await getAccessToken();
  try {
    return await http(url, withBearer(rest, token));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || getSession().signingOut) throw err;
    const fresh = await refreshAccessToken().catch(() => null);
    if (!fresh) {
      expireSession();
      throw err;
    }
    try {
      return await http(url, withBearer(rest, fresh));
    } catch (retryErr) {
      if (retryErr instanceof ApiError && retryErr.status === 401) expireSession();
      throw retryErr;
    }
  }
}
