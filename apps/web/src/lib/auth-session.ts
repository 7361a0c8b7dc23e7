import { useSyncExternalStore } from 'react';
import { SESSION_HINT_COOKIE, type TMe, type TParticipantSelf, type TStaffSelf } from '@attend/shared';
import { apiPaths } from '../config/paths';
import { takeEarlyRefresh } from './early-answers';
import { answerOf, ApiError, http } from './http';
import { readAccessToken } from './jwt';
import { later, preloadSchemas } from './schemas';

/** Refresh the access token when it is this close to expiry (spec §9: 5 minutes). */
export const REFRESH_THRESHOLD_MS = 5 * 60 * 1000;

export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';
export type SessionState = {
  status: SessionStatus;
  user: TMe | null;
  /** Logout is under way: guarded pages keep still instead of redirecting to a sign-in page. */
  signingOut: boolean;
  /**
   * Opened without a network: the user is the one last signed in on this device and there is no
   * token yet. Pages show what they kept; the session is checked again as soon as the network is back.
   */
  offline: boolean;
};

// The access token lives in memory only; the refresh token is an HttpOnly cookie the script never sees.
let accessToken: { token: string; expMs: number } | null = null;
let state: SessionState = { status: 'restoring', user: null, signingOut: false, offline: false };
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshInFlight: Promise<string | null> | null = null;
/** Bumped whenever a session starts or ends, so late answers about an older session are ignored. */
let epoch = 0;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

/** Resolves once the start-up restore has settled (at once when it already has). */
export function whenSessionSettled(): Promise<SessionState> {
  if (state.status !== 'restoring') return Promise.resolve(state);
  return new Promise((resolve) => {
    const unsubscribe = subscribe(() => {
      if (state.status === 'restoring') return;
      unsubscribe();
      resolve(state);
    });
  });
}

/** The current session; re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function isStaff(user: TMe | null): user is TStaffSelf {
  return !!user && user.is_staff;
}

export function isParticipant(user: TMe | null): user is TParticipantSelf {
  return !!user && user.is_participant;
}

function clearTimer(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/** Keeps the token; returns false when it is malformed or already expired. */
function setAccessToken(token: string): boolean {
  const claims = readAccessToken(token);
  clearTimer();
  if (!claims) {
    accessToken = null;
    return false;
  }
  accessToken = { token, expMs: claims.expiresAtMs };
  if (state.offline) setState({ ...state, offline: false });
  const remaining = accessToken.expMs - Date.now();
  // Refresh 5 minutes before expiry; a token shorter-lived than that waits half its life (no loop).
  const wait = Math.max(remaining - REFRESH_THRESHOLD_MS, Math.min(remaining / 2, 60_000));
  refreshTimer = setTimeout(() => {
    refreshAccessToken().then(
      (fresh) => {
        if (!fresh) sessionRejected();
      },
      () => {
        // No answer (offline): the check before the next request tries again.
      },
    );
  }, wait);
  return true;
}

/** The account the last refresh answered with, beside its token (restoreSession reads it). */
let refreshedUser: { token: string; user: TMe } | null = null;

/** The cross-tab lock around a refresh; index.html's early refresh takes it too. */
export const REFRESH_LOCK = 'attend-auth-refresh';

async function exchangeRefreshCookie(early?: Promise<Response>): Promise<string | null> {
  try {
    const schema = later('ZRefreshAnswerRead');
    // The refresh token travels in its HttpOnly cookie (path /api/auth/), hence the empty body.
    const answer = early
      ? await answerOf(early, schema)
      : await http(apiPaths.refresh(), { method: 'POST', body: {}, schema });
    if (!readAccessToken(answer.access)) return null;
    refreshedUser = answer.user ? { token: answer.access, user: answer.user } : null;
    return answer.access;
  } catch (err) {
    if (err instanceof ApiError) return null; // rejected: the session is over
    throw err; // no answer: the session may still be valid
  }
}

/**
 * Exchanges the refresh cookie for a new access token, once at a time. Refresh tokens are single-use,
 * so tabs of the same browser take a Web Lock in turn: each then uses the cookie the previous one set.
 * A sign-in or sign-out that happens meanwhile wins over the answer.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (refreshInFlight) return refreshInFlight;
  const startedIn = epoch;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The early refresh was sent holding the lock already.
  const early = takeEarlyRefresh();
  const run = async (): Promise<string | null> => {
    if (early) return await exchangeRefreshCookie(early);
    return locks
      ? await locks.request(REFRESH_LOCK, () => exchangeRefreshCookie())
      : await exchangeRefreshCookie();
  };
  const pending = run()
    .then((token) => {
      if (epoch !== startedIn) return accessToken?.token ?? null;
      return token && setAccessToken(token) ? token : null;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  refreshInFlight = pending;
  return pending;
}

/** The server refused to refresh: the session is over (unless a logout is already ending it). */
function sessionRejected(): void {
  if (state.status === 'authenticated' && !state.signingOut) expireSession();
}

/** A fresh access token for the next request, refreshing first when it is near expiry. */
export async function getAccessToken(): Promise<string | null> {
  // Opened as the remembered user (restoreSession): the first requests wait for the refresh.
  if (!accessToken) return refreshInFlight ? await refreshInFlight.catch(() => null) : null;
  if (accessToken.expMs - Date.now() > REFRESH_THRESHOLD_MS) return accessToken.token;
  try {
    const fresh = await refreshAccessToken();
    if (!fresh) sessionRejected();
    return fresh;
  } catch {
    // No answer: the current token still works until it expires.
    if (accessToken && accessToken.expMs > Date.now()) return accessToken.token;
    sessionRejected();
    return null;
  }
}

/** Signed in: keeps the token in memory and publishes the user. */
export function startSession(token: string, user: TMe): void {
  if (!setAccessToken(token)) {
    expireSession();
    return;
  }
  epoch += 1;
  rememberUser(user);
  setState({ status: 'authenticated', user, signingOut: false, offline: false });
}

export function updateSessionUser(user: TMe): void {
  if (state.status !== 'authenticated') return;
  rememberUser(user);
  setState({ ...state, user });
}

// The account last signed in on this device, so the app opens without a network (offline stations,
// a participant's QR code): what GET /accounts/me/ shows that person, less the unique code (half of
// a participant's login, and nothing secret is kept in localStorage). Forgotten on sign-out.
const LAST_USER_KEY = 'attend.lastUser';

function rememberUser(user: TMe): void {
  try {
    const kept = user.is_participant ? { ...user, unique_code: '' } : user;
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the app then needs the network to open, as before.
  }
}

/** The server's readable companion of the refresh cookie (same lifetime) is present. */
function hasSessionHint(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

function hasRememberedUser(): boolean {
  try {
    return localStorage.getItem(LAST_USER_KEY) !== null;
  } catch {
    return false;
  }
}

async function rememberedUser(): Promise<TMe | null> {
  try {
    const text = localStorage.getItem(LAST_USER_KEY);
    const parsed = text ? (await preloadSchemas()).ZMe.safeParse(JSON.parse(text)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function forgetUser(): void {
  try {
    localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Opened offline: tries the refresh cookie again when the network comes back, every 30 s, and soon
 * after a failed try while the browser says it is online (a request sent at the very moment the
 * network returns can fail): 1 s, then 2, 4 … up to 30 s.
 */
function resumeWhenOnline(): void {
  if (typeof window === 'undefined') return;
  let soon: ReturnType<typeof setTimeout> | undefined;
  let backoffMs = 1000;
  const retry = () => {
    clearTimeout(soon);
    if (!state.offline) return cleanup();
    refreshAccessToken().then(
      (token) => {
        cleanup();
        if (!token) sessionRejected();
      },
      () => {
        // Still no answer: try again soon if the network is said to be back, else on 'online'.
        if (!navigator.onLine) return;
        soon = setTimeout(retry, backoffMs);
        backoffMs = Math.min(backoffMs * 2, 30_000);
      },
    );
  };
  const timer = setInterval(retry, 30_000);
  const cleanup = () => {
    clearInterval(timer);
    clearTimeout(soon);
    window.removeEventListener('online', retry);
  };
  window.addEventListener('online', retry);
}

/** Forgets tokens and user; guarded pages then send the visitor to their sign-in page. */
export function expireSession(): void {
  epoch += 1;
  accessToken = null;
  refreshedUser = null;
  clearTimer();
  forgetUser();
  setState({ status: 'anonymous', user: null, signingOut: false, offline: false });
}

/** The access token was issued to this account (same person, same role): the kept user may stand. */
function sameAccount(token: string, user: TMe): boolean {
  const claims = readAccessToken(token);
  if (!claims || claims.sub !== String(user.id)) return false;
  if (user.is_participant) return claims.is_participant === true && claims.participant_id === user.id;
  return claims.is_staff === true && claims.role === user.role;
}

/** The account's current details, after a start as the kept user; a failure keeps what is shown. */
async function refreshUserDetails(token: string, startedIn: number): Promise<void> {
  try {
    const me = await http(apiPaths.me(), {
      headers: { Authorization: `Bearer ${token}` },
      schema: later('ZMe'),
    });
    if (epoch === startedIn && state.status === 'authenticated') updateSessionUser(me);
  } catch {
    // The next start asks again.
  }
}

/**
 * Start-up: the refresh cookie (if any) gives an access token and the account it belongs to. Runs
 * once, immediately, so a reload keeps the session.
 *
 * When the readable companion of the refresh cookie is there and this device remembers who signed
 * in, the app opens as that person at once, while the refresh is on its way: the page's code and its
 * requests start without waiting for two round trips (its requests wait for the token, see
 * getAccessToken). A refused refresh then ends the session as before; a token issued to someone else
 * (or to another role) waits for the account's details as before.
 */
export async function restoreSession(): Promise<void> {
  const startedIn = epoch;
  // A sign-in (login page, one-click link) that completes first wins.
  const noOtherSession = () => epoch === startedIn;
  const stillRestoring = () => noOtherSession() && state.status === 'restoring';
  // Nobody signed in on this browser: nothing to refresh, and no refused call in the console.
  if (!hasSessionHint() && !hasRememberedUser()) return expireSession();
  // Someone may be signed in: the answers' schemas load while the refresh is on its way.
  preloadSchemas().catch(() => {});
  const refreshing = refreshAccessToken();
  // Settled below; this only keeps an early failure from being reported as unhandled.
  refreshing.catch(() => {});
  let openedAs: TMe | null = null;
  if (hasSessionHint()) {
    const kept = await rememberedUser();
    if (kept && stillRestoring() && !accessToken) {
      openedAs = kept;
      setState({ status: 'authenticated', user: kept, signingOut: false, offline: false });
    }
  }
  const stillOpenedAs = () => noOtherSession() && openedAs !== null && state.user === openedAs;
  try {
    const token = await refreshing;
    if (!stillRestoring() && !stillOpenedAs()) return;
    if (!token) return expireSession();
    // The refresh answers with the account; it is asked for separately only if that answer is gone.
    const answered = refreshedUser?.token === token ? refreshedUser.user : null;
    if (openedAs && sameAccount(token, openedAs)) {
      if (answered) return updateSessionUser(answered);
      return void refreshUserDetails(token, epoch);
    }
    const me =
      answered ??
      (await http(apiPaths.me(), {
        headers: { Authorization: `Bearer ${token}` },
        schema: later('ZMe'),
      }));
    if (stillRestoring() || stillOpenedAs()) startSession(token, me);
  } catch (err) {
    if (!stillRestoring() && !stillOpenedAs()) return;
    const kept = err instanceof ApiError ? null : (openedAs ?? (await rememberedUser()));
    if (!kept) return expireSession();
    // No network: open as the last user; requests fail until it is back, pages show what they kept.
    setState({ status: 'authenticated', user: kept, signingOut: false, offline: true });
    resumeWhenOnline();
  }
}

/** Logout, step 1: revoke the refresh token family on the server and drop the access token. */
export async function beginSignOut(): Promise<void> {
  epoch += 1;
  setState({ ...state, signingOut: true });
  accessToken = null;
  clearTimer();
  try {
    await http(apiPaths.logout(), { method: 'POST', body: {} });
  } catch {
    // Offline or already signed out: the local session ends regardless.
  }
}

/** Logout, step 2 (after leaving the guarded page): publish the anonymous state. */
export function finishSignOut(): void {
  expireSession();
}
