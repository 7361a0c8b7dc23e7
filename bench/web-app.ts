// What the web app's benchmarks (bench/lighthouse.ts, bench/page-work.ts) share: the production build
// served by the real app on a fresh embedded database seeded as for the browser journeys
// (scripts/e2e-server.ts), sign-ins as its participant and staff member, and the median of the runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The journeys' seed: its staff account and its participant. */
const STAFF = { username: 'staff', password: 'staff-password-1' };
const PARTICIPANT = { event_code: 'E2ETST', unique_code: 'ABCD2345' };

export type Cookie = { name: string; value: string; path: string; httpOnly: boolean };

/** A participant signed in: the cookies their browser keeps, their event and their id. */
export type ParticipantSignIn = { cookies: Cookie[]; eventId: number; id: number };

/** The cookies a sign-in's answer sets, with their paths (the refresh cookie's is /api/auth/). */
function signInCookies(res: Response): Cookie[] {
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const [name = '', ...value] = pair.split('=');
    const cookiePath = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const httpOnly = attributes.some((a) => a.toLowerCase() === 'httponly');
    return { name, value: value.join('='), path: cookiePath, httpOnly };
  });
  if (!cookies.some((c) => c.name === 'refresh_token'))
    throw new Error(`no refresh cookie in the answer (${res.status})`);
  return cookies;
}

/** The app at `base` and the journeys' accounts on it. */
export function webApp(base: string) {
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const send = () =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    // A kept-alive connection the server closed meanwhile fails once: send again.
    return send().catch(send);
  };
  const staffSignIn = async (): Promise<{ cookies: Cookie[]; access: string }> => {
    const res = await post('/api/auth/token/', STAFF);
    const { access } = (await res.json()) as { access: string };
    return { cookies: signInCookies(res), access };
  };
  const participantSignIn = async (): Promise<ParticipantSignIn> => {
    const res = await post('/api/auth/login/', PARTICIPANT);
    const body = (await res.json()) as { participant: { id: number; event: { id: number } } };
    return { cookies: signInCookies(res), eventId: body.participant.event.id, id: body.participant.id };
  };
  return {
    post,
    staffSignIn,
    participantSignIn,
    /** The participant, with their attendance confirmed by staff: their tag and QR code exist. */
    async confirmedParticipant(): Promise<ParticipantSignIn> {
      const staff = await staffSignIn();
      const me = await participantSignIn();
      await post(
        `/api/events/${me.eventId}/participants/${me.id}/confirm_attendance/`,
        {},
        { authorization: `Bearer ${staff.access}` },
      );
      return me;
    },
    async waitForHealth(server: ChildProcess | null): Promise<void> {
      for (let i = 0; i < 240; i++) {
        if (server && server.exitCode !== null) throw new Error('the server stopped before it was ready');
        const ok = await fetch(`${base}/api/health/`).then(
          (r) => r.ok,
          () => false, // not listening yet
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('the server did not answer /api/health/ within 2 minutes');
    },
  };
}

/**
 * Builds the web app (unless BENCH_SKIP_BUILD=1) and starts the journeys' server on `port`, on a fresh
 * embedded database; `stop` ends it.
 */
export function startJourneyServer(port: number): { server: ChildProcess; stop: () => void } {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the web app did not build');
  }
  const server = spawn('npx', ['tsx', 'scripts/e2e-server.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    if (!server.pid) return;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return { server, stop };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
