/** Claims the web app reads from an access token (spec §3: exp, participant_id, is_participant). */
export type AccessClaims = {
  exp: number;
  aud?: string | string[];
  participant_id?: number;
  event_id?: number;
  is_staff?: boolean;
  is_participant?: boolean;
};

/**
 * Reads (never verifies: the server does) the payload of a JWT. A token without three dot-separated
 * parts, without a numeric `exp`, or already expired is treated as absent (spec §5).
 */
export function readAccessToken(token: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims: unknown = JSON.parse(json);
    if (!claims || typeof claims !== 'object') return null;
    const exp = (claims as { exp?: unknown }).exp;
    if (typeof exp !== 'number' || exp * 1000 <= now) return null;
    return claims as AccessClaims;
  } catch {
    return null;
  }
}
