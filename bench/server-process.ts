// Shared by bench:start and bench:footprint: the server as `npm start` runs it, in its own process,
// signed in as the admin its first start creates.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const BENCH_ADMIN = { username: 'bench', password: 'bench-password-1' };

/** A process's resident memory in MB, from /proc (0 once it has exited). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Starts `node …args` on `port` and resolves once it says it is running. */
export async function spawnServer(
  args: string[],
  port: number,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      PORT: String(port),
      // As `npm start` sets it (package.json): the C library's allocation threshold.
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Attend is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** SIGTERM, and wait for the process to exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
