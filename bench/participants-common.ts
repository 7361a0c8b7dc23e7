// Shared plumbing of the participant benchmarks: start a benchmark target, sign in, read its stats.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Target = {
  url: string;
  ctl: string;
  eventId: number;
  kind: string;
  token: string;
  stats: (reset?: boolean) => Promise<Stats>;
  stop: () => Promise<void>;
};
export type Stats = { rssMb: number; peakRssMb: number; peakHeapMb: number; maxRssMb: number };

export const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Both databases, or the one BENCH_ONLY names (`pglite` or `postgres`), as in bench:footprint. */
export const DATABASES = [
  { name: 'pglite', label: 'PGlite (embedded)', url: '' },
  { name: 'postgres', label: 'PostgreSQL server', url: PG_URL },
].filter(({ name }) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY === name);

export async function startTarget(env: {
  databaseUrl: string;
  seed?: number;
  confirmed?: boolean;
}): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/participants-serve.ts'], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: env.databaseUrl,
      BENCH_SEED: String(env.seed ?? 0),
      BENCH_CONFIRMED: env.confirmed ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rl = createInterface({ input: child.stdout });
  const info = await new Promise<{ app: number; ctl: number; eventId: number; kind: string }>(
    (resolve, reject) => {
      rl.once('line', (line) =>
        resolve(JSON.parse(line) as { app: number; ctl: number; eventId: number; kind: string }),
      );
      child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
    },
  );
  const url = `http://127.0.0.1:${info.app}`;
  const ctl = `http://127.0.0.1:${info.ctl}`;
  const login = await fetch(`${url}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  });
  const { access } = (await login.json()) as { access: string };
  return {
    url,
    ctl,
    eventId: info.eventId,
    kind: info.kind,
    token: access,
    stats: async (reset = false) =>
      (await (await fetch(`${ctl}/stats${reset ? '?reset=1' : ''}`)).json()) as Stats,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const line = (cells: (string | number)[]) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0)))
      .join(' | ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
