import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A client on the server of `serverUrl`: on its own database or, when that does not exist, `postgres`. */
async function adminClient(serverUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    return client;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err; // 3D000: no such database
    const url = new URL(serverUrl);
    url.pathname = '/postgres';
    const fallback = new pg.Client({ connectionString: url.toString() });
    await fallback.connect();
    return fallback;
  }
}

async function withClient<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = await adminClient(serverUrl);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * Creates a new, uniquely named database on a PostgreSQL server (for tests, journeys and
 * benchmarks), optionally as a copy of a template database.
 */
export async function createScratchDatabase(
  serverUrl: string,
  opts: { prefix: string; template?: string },
): Promise<ScratchDatabase> {
  const name = `${opts.prefix}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (c) =>
    c.query(
      opts.template ? `create database "${name}" template "${opts.template}"` : `create database "${name}"`,
    ),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(serverUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** Drops every database whose name starts with the prefix. */
export async function dropDatabasesLike(serverUrl: string, prefix: string): Promise<void> {
  await withClient(serverUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
  });
}
