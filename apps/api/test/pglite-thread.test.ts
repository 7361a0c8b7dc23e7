import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../src/db/pglite-thread';

/** The embedded database in its worker thread, through the client interface Drizzle uses. */
describe('the embedded database thread', () => {
  let thread: PgliteThread;

  beforeAll(async () => {
    thread = await PgliteThread.start({ startParams: PGlite.defaultStartParams });
    await thread.exec(`
      create table people (id serial primary key, name text not null unique, seen timestamptz default now());
      create sequence turns;
    `);
  });
  afterAll(() => thread.close());

  it('answers statements with parameters, as objects or arrays, dates as PostgreSQL text', async () => {
    await thread.query('insert into people (name) values ($1), ($2)', ['Amina', 'Jean']);
    const objects = await thread.query('select name from people order by id', []);
    expect(objects.rows).toEqual([{ name: 'Amina' }, { name: 'Jean' }]);
    const arrays = await thread.query('select id, name, seen from people where name = $1', ['Jean'], {
      rowMode: 'array',
    });
    expect(arrays.rows).toEqual([[2, 'Jean', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'name', 'seen']);
  });

  it('rejects with the database error, its code and constraint kept', async () => {
    const error = await thread.query('insert into people (name) values ($1)', ['Amina']).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'people_name_key' });
    expect(String(error.message)).toMatch(/duplicate key/);
  });

  it('commits a transaction, rolls back one that throws, and runs nothing else meanwhile', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const committed = thread.transaction(async (tx) => {
      await tx.query('insert into people (name) values ($1)', ['Grace']);
      await held;
      return 'done';
    });
    // Sent while the transaction is open: answered only once it has committed, so it sees Grace.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = thread.query('select count(*)::int as n from people where name = $1', ['Grace']);
    let answered = false;
    void meanwhile.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await expect(committed).resolves.toBe('done');
    expect((await meanwhile).rows).toEqual([{ n: 1 }]);

    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into people (name) values ($1)', ['Eric']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const eric = await thread.query('select count(*)::int as n from people where name = $1', ['Eric']);
    expect(eric.rows).toEqual([{ n: 0 }]);
  });

  it('puts the later statements of a listing before those waiting', async () => {
    const together = thread.together();
    await together.query('select 1', []);
    const turn = (r: { rows: unknown[] }) => Number((r.rows[0] as { n: string }).n);
    const others = Array.from({ length: 10 }, () => thread.query("select nextval('turns') as n", []));
    const second = together.query("select nextval('turns') as n", []);
    const turns = (await Promise.all(others)).map(turn);
    const mine = turn(await second);
    // At most the statement already running goes before it.
    expect(turns.filter((t) => t < mine).length).toBeLessThanOrEqual(1);
  });

  it('delivers notifications to listeners until they stop', async () => {
    const heard: string[] = [];
    const stop = await thread.listen('news', (payload) => heard.push(payload));
    await thread.query("select pg_notify('news', 'one')", []);
    await stop();
    await thread.query("select pg_notify('news', 'two')", []);
    await thread.query('select 1', []);
    expect(heard).toEqual(['one']);
  });

  it('dumps the data directory, which opens as a database of its own', async () => {
    const dump = await thread.dumpDataDir('gzip');
    const copy = await PgliteThread.start({ loadDataDir: dump, startParams: PGlite.defaultStartParams });
    try {
      const { rows } = await copy.query('select name from people order by id', []);
      expect(rows).toEqual([{ name: 'Amina' }, { name: 'Jean' }, { name: 'Grace' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses statements once closed', async () => {
    const other = await PgliteThread.start({ startParams: PGlite.defaultStartParams });
    await other.close();
    await expect(other.query('select 1', [])).rejects.toThrow('The database is closed');
  });
});
