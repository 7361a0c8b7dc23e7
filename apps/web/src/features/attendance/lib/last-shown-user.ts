/**
 * The id of the last user whose QR code this device showed (document 1 §3: the one thing kept in
 * localStorage). When another user signs in on the same device, their QR code is fetched fresh.
 */
export const LAST_SHOWN_USER_KEY = 'attend.lastShownUserId';

export function readLastShownUserId(): number | null {
  try {
    const value = window.localStorage.getItem(LAST_SHOWN_USER_KEY);
    const id = value === null ? NaN : Number(value);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null; // storage disabled (private mode, policy)
  }
}

export function writeLastShownUserId(id: number): void {
  try {
    window.localStorage.setItem(LAST_SHOWN_USER_KEY, String(id));
  } catch {
    // storage disabled: the QR is then simply fetched fresh next time
  }
}
