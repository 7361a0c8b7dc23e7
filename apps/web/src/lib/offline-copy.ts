import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { useSession } from './auth-session';
import { NetworkError } from './http';

/**
 * Copies of what a participant's pages last showed (their event, their QR code, the tag's logo), kept
 * in localStorage so the pages open without a network once they have loaded online (GUIDE §6). Keys
 * carry the participant id, so someone else signing in on the device never reads them, and every copy
 * is removed once nobody is signed in (useForgetOfflineCopiesOnSignOut).
 */
const PREFIX = 'attend.offline.';

export type OfflineCopyName = 'event' | 'qr' | 'logo';
export type OfflineCopy<T> = { value: T; savedAt: Date };

/** A kept copy as stored: checked by hand, as this module is on the first screen, which loads no zod. */
function readStored(raw: string): { savedAt: Date; value: unknown } | null {
  const stored: unknown = JSON.parse(raw);
  if (!stored || typeof stored !== 'object' || !('value' in stored) || !('saved_at' in stored)) return null;
  const savedAt = typeof stored.saved_at === 'string' ? new Date(stored.saved_at) : null;
  return savedAt && !Number.isNaN(savedAt.getTime()) ? { savedAt, value: stored.value } : null;
}

function keyOf(participantId: number, name: OfflineCopyName): string {
  return `${PREFIX}${participantId}.${name}`;
}

/** Keeps `value` (JSON) as the participant's copy of `name`, replacing the previous one. */
export function keepOfflineCopy(participantId: number, name: OfflineCopyName, value: unknown): void {
  try {
    const stored = { saved_at: new Date().toISOString(), value };
    localStorage.setItem(keyOf(participantId, name), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the page still works online, only not offline.
  }
}

/** The participant's copy of `name` when there is one that `schema` accepts, with when it was kept. */
export function readOfflineCopy<S extends z.ZodType>(
  participantId: number,
  name: OfflineCopyName,
  schema: S,
): OfflineCopy<z.output<S>> | null {
  try {
    const raw = localStorage.getItem(keyOf(participantId, name));
    const stored = raw === null ? null : readStored(raw);
    if (!stored) return null;
    const value = schema.safeParse(stored.value);
    return value.success ? { value: value.data, savedAt: stored.savedAt } : null;
  } catch {
    return null;
  }
}

/** readOfflineCopy, read once per participant rather than on every render. */
export function useOfflineCopy<S extends z.ZodType>(
  participantId: number | null,
  name: OfflineCopyName,
  schema: S,
): OfflineCopy<z.output<S>> | null {
  return useMemo(
    () => (participantId === null ? null : readOfflineCopy(participantId, name, schema)),
    [participantId, name, schema],
  );
}

/** Removes the copies of every participant: once nobody is signed in, none of them may be shown. */
export function forgetOfflineCopies(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/**
 * Forgets every copy when the session ends: sign-out, the server refusing the session, or an app
 * opened with no session at all. Mounted once, above the router.
 */
export function useForgetOfflineCopiesOnSignOut(): void {
  const { status } = useSession();
  useEffect(() => {
    if (status === 'anonymous') forgetOfflineCopies();
  }, [status]);
}

/**
 * Once a session opened without a network resumes, every page on screen asks again: a request sent as
 * the network came back may have failed, and the page would otherwise keep showing its kept copy and
 * saying it is offline. Mounted once, above the router.
 */
export function useRefetchWhenSessionResumes(queryClient: QueryClient): void {
  const { offline } = useSession();
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) void queryClient.invalidateQueries();
    wasOffline.current = offline;
  }, [offline, queryClient]);
}

function subscribeNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser has no network, or the session was opened without one (auth-session). */
export function useOffline(): boolean {
  const online = useSyncExternalStore(
    subscribeNetwork,
    () => navigator.onLine,
    () => true,
  );
  const { offline } = useSession();
  return offline || !online;
}

/** A query that got no answer: TanStack paused it (offline) or the request never reached the server. */
export function gotNoAnswer(query: { isPaused: boolean; error: unknown }): boolean {
  return query.isPaused || query.error instanceof NetworkError;
}

/** An image URL (same origin) as a data URL, so it can be kept and drawn into the tag's PNG. */
export async function imageDataUrl(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`Image answered ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(blob);
  });
}
