import type { TStaffSelf } from '@attend/shared';

/** An unsigned JWT-shaped token: the web app only reads the payload (the server verifies). */
export function accessToken(claims: Record<string, unknown> = {}, lifetimeSeconds = 15 * 60): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ iat: now, exp: now + lifetimeSeconds, is_staff: true, ...claims })}.sig`;
}

export const staffUser: TStaffSelf = {
  id: 1,
  username: 'admin',
  full_name: 'Admin',
  email: 'admin@example.org',
  is_staff: true,
  is_participant: false,
  role: 'admin',
  event_ids: [],
};
