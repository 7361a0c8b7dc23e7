/** Claims the web app reads from an access token (spec §3: exp, participant_id, is_participant). */
export type AccessClaims = {
  exp: number;
  iat?: number;
  aud?: string | string[];
  /** The account's id: the staff user's or the participant's. */
  sub?: string;
  role?: string;
  participant_id?: number;
  event_id?: number;
  is_staff?: boolean;
  is_participant?: boolean;
};

/**
 * Reads (never verifies: the server does) the payload of a JWT received at `receivedAt`. A token
 * without three dot-separated parts, without a numeric `exp`, or already expired is treated as absent
 * (spec §5). Expiry is measured on this device's clock from the token's own lifetime (`exp - iat`),
 * so a device whose clock is off neither rejects fresh tokens nor refreshes in a loop.
 */
export function readAccessToken(
  token: string,
  receivedAt = Date.now(),
): (AccessClaims & { expiresAtMs: number }) | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims: unknown = JSON.parse(json);
    if (!claims || typeof claims !== 'object') return null;
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number') return null;
    const expiresAtMs = typeof iat === 'number' ? receivedAt + (exp - iat) * 1000 : exp * 1000;
    if (expiresAtMs <= receivedAt) return null;
    return { ...(claims as AccessClaims), expiresAtMs };
  } catch {
    return null;
  }
}
