import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { seedDemo, type DemoSeed } from '../src/cli/seed-demo';
import { assertDocumented, recordAnswers } from './openapi-contract';

export const STAFF = { username: 'staff', password: 'correct-horse-battery' };
export const SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** A new database on the PostgreSQL test server, or null when the suite runs on PGlite. */
export async function freshPostgresUrl(opts: { empty?: boolean } = {}): Promise<string | null> {
  const pgTemplate = inject('pgTemplate');
  if (!pgTemplate) return null;
  const scratch = await createScratchDatabase(pgTemplate.adminUrl, {
    prefix: pgTemplate.prefix,
    template: opts.empty ? undefined : pgTemplate.template,
  });
  return scratch.url;
}

async function freshDatabase(): Promise<Database> {
  const url = await freshPostgresUrl();
  if (url) return openDatabase({ kind: 'postgres', url, migrate: false });
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]), migrate: false });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  seed: DemoSeed;
  request: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  staffToken: () => Promise<string>;
  participantToken: (index?: 0 | 1) => Promise<string>;
  close: () => Promise<void>;
};

/** The real app on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, 'jobs' | 'outboxOptions' | 'listingConcurrency'> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  await createStaffUser(database.db, STAFF);
  const seed = await seedDemo(database.db, { eventCode: 'TEST42', uniqueCodes: ['ABCD2345', 'EFGH6789'] });
  const config = loadConfig(
    { DATA_DIR: '/nonexistent', PUBLIC_URL: 'http://attend.test' },
    {
      secretKey: SECRET,
      ...overrides,
    },
  );
  const app = await buildApp({ config, database, ...build });
  // Every answer a test gets must be one the OpenAPI document describes: checked on close.
  const contract = recordAnswers(app);
  await app.ready();
  const request = (opts: InjectOptions) => app.inject(opts);
  return {
    app,
    database,
    config,
    seed,
    request,
    async staffToken() {
      const res = await request({ method: 'POST', url: '/api/auth/token/', payload: STAFF });
      return (res.json() as { access: string }).access;
    },
    async participantToken(index = 0) {
      const p = seed.participants[index];
      const res = await request({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { event_code: seed.event.eventCode, unique_code: p?.uniqueCode },
      });
      return (res.json() as { access: string }).access;
    },
    async close() {
      await app.close();
      await database.close();
      assertDocumented(contract);
    },
  };
}

/** POST a JSON body from a given client address (rate limits are kept per address). */
export function postFrom(
  t: Pick<TestApp, 'request'>,
  url: string,
  payload: unknown,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], remoteAddress });
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
