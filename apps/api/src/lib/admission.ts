import { availableParallelism } from 'node:os';

/**
 * Lets at most `limit` pieces of work run at once; the rest wait their turn, first come first
 * served. With no limit, work runs at once.
 *
 * Why: PostgreSQL shares its processors between every statement that runs. Twenty searches at
 * once each take twenty shares of the time, so a broad term (40 times a narrow one's work) waits
 * behind all of them and the slowest answers are the heavy ones. Admitted a few at a time, each
 * waits for the line ahead of it and then runs at full speed: the same rate, and the slowest answers
 * nearer the average (see the README's benchmarks).
 */
export class Admission {
  readonly limit: number | null;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number | null) {
    if (limit !== null && !(Number.isInteger(limit) && limit > 0)) {
      throw new Error(`An admission limit is a whole number above 0, or none (got ${limit})`);
    }
    this.limit = limit;
  }

  /** How many run now, and how many wait. */
  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.limit === null) return work();
    if (this.#running < this.limit) this.#running++;
    // The one that leaves hands its place on, so a newcomer cannot slip in ahead of the line.
    else await new Promise<void>((admit) => this.#waiting.push(admit));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}

/**
 * How many participant listings (the search box, the list) run at once on PostgreSQL: twice the
 * processors this machine has, at least 4. On two processors, 4 at a time kept the search mix's
 * rate and cut its p99 by about a seventh; 2 at a time lost about 15 % of the rate. The embedded database needs
 * none: its thread already answers one statement at a time, in order (a limit there cost a tenth
 * of the rate).
 */
export function listingLimit(databaseKind: 'pglite' | 'postgres'): number | null {
  return databaseKind === 'postgres' ? Math.max(4, 2 * availableParallelism()) : null;
}
