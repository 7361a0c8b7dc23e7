/**
 * Kiosk mode's lock: while it is set, this browser shows the kiosk of one event and nothing else
 * until staff type the PIN chosen when the kiosk started. It lives in localStorage, so a reload, a
 * closed tab or the back button lands on the kiosk again, and it needs no network (the kiosk keeps
 * working offline). The PIN is kept only as a salted PBKDF2 hash.
 */
export type KioskLock = { eventId: number; salt: string; hash: string };

const STORAGE_KEY = 'attend.kiosk';
const ITERATIONS = 100_000;
/** Wrong PINs allowed before the exit dialog makes the next try wait. */
export const KIOSK_PIN_TRIES = 5;
export const KIOSK_PIN_WAIT_MS = 30_000;
export const KIOSK_PIN_PATTERN = /^\d{4,8}$/;

/** The browser can hash a PIN only in a secure context (https or localhost), as it can use a camera. */
export function kioskSupported(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle !== 'undefined';
}

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS },
    key,
    256,
  );
  return toBase64(bits);
}

function isLock(value: unknown): value is KioskLock {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.eventId === 'number' &&
    Number.isInteger(v.eventId) &&
    v.eventId > 0 &&
    typeof v.salt === 'string' &&
    typeof v.hash === 'string'
  );
}

/** The lock set on this browser, or null. */
export function readKioskLock(): KioskLock | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isLock(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Locks this browser on the kiosk of `eventId` until `pin` is typed. */
export async function startKiosk(eventId: number, pin: string): Promise<KioskLock> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const lock: KioskLock = { eventId, salt: toBase64(salt), hash: await derive(pin, salt) };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(lock));
  return lock;
}

/** Whether `pin` opens `lock`. */
export async function pinOpens(lock: KioskLock, pin: string): Promise<boolean> {
  if (!KIOSK_PIN_PATTERN.test(pin)) return false;
  return (await derive(pin, fromBase64(lock.salt))) === lock.hash;
}

export function endKiosk(): void {
  localStorage.removeItem(STORAGE_KEY);
}
