import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admission, listingLimit } from '../src/lib/admission';
import { bearer, createTestApp, type TestApp } from './helper';

/** A promise and the function that settles it, for work that ends when the test says so. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (err: Error) => void } {
  let resolve = () => {};
  let reject: (err: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Admission', () => {
  it('runs at most `limit` at once and admits the rest first come, first served', async () => {
    const gate = new Admission(2);
    const ends = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const runs = ends.map((end, i) =>
      gate.run(async () => {
        started.push(i);
        await end.promise;
        return i * 10;
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    // A newcomer while some wait goes behind them, even when a place frees at once.
    const late = gate.run(async () => {
      started.push(99);
      return 990;
    });
    ends[1]?.resolve();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    ends[0]?.resolve();
    ends[2]?.resolve();
    await turn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    ends[3]?.resolve();
    ends[4]?.resolve();
    expect(await Promise.all([...runs, late])).toEqual([0, 10, 20, 30, 40, 990]);
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the place of work that fails, and passes the failure on', async () => {
    const gate = new Admission(1);
    const failing = deferred();
    const first = gate.run(() => failing.promise);
    const second = gate.run(async () => 'ran');
    failing.reject(new Error('statement failed'));
    await expect(first).rejects.toThrow('statement failed');
    expect(await second).toBe('ran');
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('runs everything at once without a limit, and refuses a limit that is not a whole number above 0', async () => {
    const gate = new Admission(null);
    const ends = Array.from({ length: 50 }, () => deferred());
    let started = 0;
    const runs = ends.map((end) =>
      gate.run(async () => {
        started++;
        await end.promise;
      }),
    );
    expect(started).toBe(50);
    for (const end of ends) end.resolve();
    await Promise.all(runs);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => new Admission(bad)).toThrow(/whole number/);
  });

  it('limits listings on PostgreSQL only', () => {
    expect(listingLimit('pglite')).toBeNull();
    expect(listingLimit('postgres')).toBeGreaterThanOrEqual(4);
  });
});

describe('participant listings admitted two at a time', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({}, { listingConcurrency: 2 });
    staff = await t.staffToken();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a burst of searches, lists and failures, each as it would alone, and keeps no place taken', async () => {
    const eventId = t.seed.event.id;
    const list = (path: string) => t.request({ method: 'GET', url: path, headers: bearer(staff) });
    const names = t.seed.participants.map((p) => encodeURIComponent(p.fullName));
    const alone = await Promise.all(
      names.map(async (name) => (await list(`/api/events/${eventId}/participants/?search=${name}`)).json()),
    );
    const wholeList = (await list(`/api/events/${eventId}/participants/`)).json();
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        if (i % 4 === 3) return list('/api/events/999999/participants/?search=abc');
        if (i % 4 === 2) return list(`/api/events/${eventId}/participants/`);
        return list(`/api/events/${eventId}/participants/?search=${names[i % names.length] ?? ''}`);
      }),
    );
    burst.forEach((res, i) => {
      if (i % 4 === 3) expect(res.statusCode).toBe(404);
      else if (i % 4 === 2) expect(res.json()).toEqual(wholeList);
      else expect(res.json()).toEqual(alone[i % names.length]);
    });
    expect([t.app.listings.limit, t.app.listings.running, t.app.listings.waiting]).toEqual([2, 0, 0]);
    // The failures left their places: a listing still answers.
    expect((await list(`/api/events/${eventId}/participants/`)).statusCode).toBe(200);
  });
});
