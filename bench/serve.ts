// A benchmark target: the real app on a fresh database (PGlite in memory, or a new database on the
// PostgreSQL server given as BENCH_DATABASE_URL) plus a bare Fastify route in the same process.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { createScratchDatabase } from '../apps/api/src/db/scratch';
import { createStaffUser } from '../apps/api/src/services/auth/create-staff-user';

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const scratch = await createScratchDatabase(serverUrl, { prefix: 'attend_bench' });
  return { database: await openDatabase({ kind: 'postgres', url: scratch.url }), drop: scratch.drop };
}

const { database, drop } = await open();
await createStaffUser(database.db, { username: 'bench', password: 'bench-password' });
const config = loadConfig(
  { DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' },
  { secretKey: randomBytes(32).toString('hex') },
);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify();
bare.get('/bare', async () => ({ id: 1, username: 'bench', is_staff: true, is_participant: false }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const portOf = (addr: ReturnType<typeof app.server.address>) =>
  typeof addr === 'object' && addr ? addr.port : 0;
console.log(
  JSON.stringify({
    app: portOf(app.server.address()),
    bare: portOf(bare.server.address()),
    kind: database.kind,
  }),
);

const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  await drop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
