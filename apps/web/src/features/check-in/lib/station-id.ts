import { newClientNonce } from './client-nonce';

const KEY = 'attend.stationId';

/** This device's id as a station, made once and kept: the server sees which station synced what. */
export function stationId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && /^[A-Za-z0-9_-]{1,64}$/.test(kept)) return kept;
    const made = newClientNonce();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return newClientNonce();
  }
}
