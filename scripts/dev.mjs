// npm run dev: the API (restarted on change) and the Vite dev server with hot reload, which proxies
// /api to the API. Stop both with Ctrl+C.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];

const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
