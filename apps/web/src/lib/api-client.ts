import type { z } from 'zod';
import { expireSession, getAccessToken, getSession, refreshAccessToken } from './auth-session';
import { ApiError, checkAnswer, http, type HttpOptions, type HttpResult } from './http';
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

/** A GET sent ahead of the page that needs it (fetchAhead), taken by that page's own call (api). */
type Ahead = { answer: Promise<unknown>; sentAt: number; language: string; user: string | null };
const aheadByUrl = new Map<string, Ahead>();

/** How long an answer fetched ahead stays usable: the page asks within a second or two. */
const AHEAD_FOR_MS = 10_000;

/** Who is signed in: a participant and a staff member may have the same id. */
function whoIsSignedIn(): string | null {
  const { user } = getSession();
  return user ? `${user.is_participant ? 'participant' : 'staff'} ${user.id}` : null;
}

/**
 * Sends now a GET that the page being opened will make once its code has arrived and drawn (on a
 * slow network, seconds later): its answer is on its way meanwhile. The page's own call to `api`
 * with the same URL then takes that answer, once, and checks it against its schema as usual; a
 * failed one is asked for again by that call. Nothing is kept across a change of user or language.
 * `sent` is the same GET's answer when it is on its way already (lib/early-answers.ts).
 */
export function fetchAhead(
  url: string,
  headers: Record<string, string> = {},
  sent?: Promise<unknown>,
): Promise<unknown> {
  const earlier = aheadByUrl.get(url);
  if (earlier) return earlier.answer;
  const ahead: Ahead = {
    answer: sent ?? api(url, { headers }),
    sentAt: Date.now(),
    language: currentLanguage(),
    user: null,
  };
  ahead.answer.catch(() => {}); // read (or dropped) by takeAhead's caller
  void getAccessToken().then(() => (ahead.user = whoIsSignedIn()));
  aheadByUrl.set(url, ahead);
  return ahead.answer;
}

/** The answer fetched ahead for this GET, when it is recent and was asked for by the same user. */
function takeAhead(url: string): Promise<unknown> | null {
  const ahead = aheadByUrl.get(url);
  if (!ahead) return null;
  aheadByUrl.delete(url);
  const fresh = Date.now() - ahead.sentAt < AHEAD_FOR_MS;
  const same = ahead.language === currentLanguage() && ahead.user === whoIsSignedIn();
  return fresh && same ? ahead.answer : null;
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
  const ahead = (opts.method ?? 'GET') === 'GET' && opts.body === undefined ? takeAhead(url) : null;
  if (ahead) {
    const data = await ahead.catch(() => undefined);
    if (data !== undefined) return checkAnswer(data, opts.schema);
    // No usable answer: asked again below, so that the caller sees the failure as it comes.
  }
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
