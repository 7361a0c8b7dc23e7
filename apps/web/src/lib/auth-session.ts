import { useSyncExternalStore } from 'react';
import { ZMe, ZTokenPair, type TMe, type TParticipantSelf, type TStaffSelf } from '@attend/shared';
import { apiPaths } from '../config/paths';
import { ApiError, http } from './http';
import { readAccessToken } from './jwt';

/** Refresh the access token when it is this close to expiry (spec §9: 5 minutes). */
export const REFRESH_THRESHOLD_MS = 5 * 60 * 1000;

export type SessionStatus = 'restoring' | 'authenticated' | 'anonymous';
export type SessionState = {
  status: SessionStatus;
  user: TMe | null;
  /** Logout is under way: guarded pages keep still instead of redirecting to a sign-in page. */
  signingOut: boolean;
};

// The access token lives in memory only; the refresh token is an HttpOnly cookie the script never sees.
let accessToken: { token: string; expMs: number } | null = null;
let state: SessionState = { status: 'restoring', user: null, signingOut: false };
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshInFlight: Promise<string | null> | null = null;
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
  accessToken = { token, expMs: claims.exp * 1000 };
  const wait = Math.max(0, accessToken.expMs - REFRESH_THRESHOLD_MS - Date.now());
  refreshTimer = setTimeout(() => {
    void refreshAccessToken().then((fresh) => {
      if (!fresh && state.status === 'authenticated') expireSession();
    });
  }, wait);
  return true;
}

async function exchangeRefreshCookie(): Promise<string | null> {
  try {
    // The refresh token travels in its HttpOnly cookie (path /api/auth/), hence the empty body.
    const pair = await http(apiPaths.refresh(), { method: 'POST', body: {}, schema: ZTokenPair });
    return setAccessToken(pair.access) ? pair.access : null;
  } catch (err) {
    if (err instanceof ApiError) return null; // rejected: the session is over
    throw err; // no answer: the session may still be valid
  }
}

/**
 * Exchanges the refresh cookie for a new access token, once at a time. Refresh tokens are single-use,
 * so tabs of the same browser take a Web Lock in turn: each then uses the cookie the previous one set.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (refreshInFlight) return refreshInFlight;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = async (): Promise<string | null> =>
    locks ? await locks.request('attend-auth-refresh', exchangeRefreshCookie) : await exchangeRefreshCookie();
  const pending = run().finally(() => {
    refreshInFlight = null;
  });
  refreshInFlight = pending;
  return pending;
}

/** A fresh access token for the next request, refreshing first when it is near expiry. */
export async function getAccessToken(): Promise<string | null> {
  if (!accessToken) return null;
  if (accessToken.expMs - Date.now() > REFRESH_THRESHOLD_MS) return accessToken.token;
  const fresh = await refreshAccessToken().catch(() => null);
  if (!fresh && accessToken.expMs <= Date.now()) {
    expireSession();
    return null;
  }
  return fresh ?? accessToken.token;
}

/** Signed in: keeps the token in memory and publishes the user. */
export function startSession(token: string, user: TMe): void {
  if (!setAccessToken(token)) {
    expireSession();
    return;
  }
  setState({ status: 'authenticated', user, signingOut: false });
}

export function updateSessionUser(user: TMe): void {
  if (state.status === 'authenticated') setState({ ...state, user });
}

/** Forgets tokens and user; guarded pages then send the visitor to their sign-in page. */
export function expireSession(): void {
  accessToken = null;
  clearTimer();
  setState({ status: 'anonymous', user: null, signingOut: false });
}

/**
 * Start-up: the refresh cookie (if any) gives an access token, verified against the account
 * endpoint. Runs once, immediately, so a reload keeps the session.
 */
export async function restoreSession(): Promise<void> {
  try {
    const token = await refreshAccessToken();
    if (!token) return expireSession();
    const me = await http(apiPaths.me(), { headers: { Authorization: `Bearer ${token}` }, schema: ZMe });
    startSession(token, me);
  } catch {
    expireSession();
  }
}

/** Logout, step 1: revoke the refresh token family on the server and drop the access token. */
export async function beginSignOut(): Promise<void> {
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
