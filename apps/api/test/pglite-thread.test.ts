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

  it('writes values by their JavaScript type, as node-postgres does for the server', async () => {
    const when = new Date('2026-03-04T05:06:07.089Z');
    const { rows } = await thread.query(
      `select $1::timestamptz = '2026-03-04 05:06:07.089+00' as at, 3 = any($2::int[]) as listed,
        $3::jsonb ->> 'room' as room, encode($4::bytea, 'hex') as bytes, $5::boolean as flag,
        $6::text is null as missing, $7::bigint + 1 as big`,
      [when, [1, 3], { room: 'Hall A' }, new Uint8Array([1, 255]), false, null, 9007199254740993n],
    );
    expect(rows).toEqual([
      {
        at: true,
        listed: true,
        room: 'Hall A',
        bytes: '01ff',
        flag: false,
        missing: true,
        big: 9007199254740994n,
      },
    ]);
  });

  it('keeps a statement run again prepared, planned afresh for each run', async () => {
    const text = 'select count(*)::int as n from people where name = $1 and id > 0';
    const answers = [];
    for (const name of ['Amina', 'Nobody', 'Jean', 'Amina', 'Jean', 'Nobody', 'Amina'])
      answers.push((await thread.query(text, [name])).rows);
    expect(answers.map((rows) => (rows[0] as { n: number }).n)).toEqual([1, 0, 1, 1, 1, 0, 1]);
    const { rows } = await thread.query(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1',
      [text],
    );
    // Prepared the second time it ran, and planned for its value each time after (no generic plan).
    expect(rows).toEqual([{ generic_plans: 0, custom_plans: 6 }]);
  });

  it('answers a statement again after it failed, with no statement left behind', async () => {
    const text = 'select $1::int * 2 as n';
    for (let i = 0; i < 3; i++) await expect(thread.query(text, ['not a number'])).rejects.toThrow(/integer/);
    expect((await thread.query(text, ['21'])).rows).toEqual([{ n: 42 }]);
    expect((await thread.query(text, ['5'])).rows).toEqual([{ n: 10 }]);
    const { rows } = await thread.query(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(rows).toEqual([{ n: 1 }]);
    // In a transaction too: the failure rolls it back, and the statement still answers afterwards.
    await expect(thread.transaction((tx) => tx.query(text, ['x']))).rejects.toThrow(/integer/);
    expect((await thread.query(text, ['4'])).rows).toEqual([{ n: 8 }]);
  });

  it('keeps at most 100 statements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 130; i++) {
      for (let run = 0; run < 2; run++) {
        const { rows } = await thread.query(`select $1::int + ${i} as n`, [run]);
        expect(rows).toEqual([{ n: i + run }]);
      }
    }
    const kept = await thread.query('select statement from pg_prepared_statements', []);
    const texts = kept.rows.map((r) => (r as { statement: string }).statement);
    expect(texts.length).toBeLessThanOrEqual(100);
    expect(texts).toContain('select $1::int + 129 as n');
    expect(texts).not.toContain('select $1::int + 0 as n');
  });

  it('puts the later statements of a listing before those waiting', async () => {
    const together = thread.together();
    await together.query('select 1', []);
    const turn = (r: { rows: unknown[] }) => Number((r.rows[0] as { n: string }).n);
    // The database is busy while the others and the listing's second statement arrive: they wait.
    const busy = thread.query('select pg_sleep(0.1)', []);
    const others = Array.from({ length: 10 }, () => thread.query("select nextval('turns') as n", []));
    const second = together.query("select nextval('turns') as n", []);
    await busy;
    const turns = (await Promise.all(others)).map(turn);
    const mine = turn(await second);
    expect(turns.filter((t) => t < mine)).toEqual([]);
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
