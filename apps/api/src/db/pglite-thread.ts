import { Worker } from 'node:worker_threads';

/** What a statement answers, as PGlite's `query` gives it. */
export type ThreadResult = {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

type QueryOptions = { rowMode?: 'array' | 'object' };

/** The part of PGlite's client Drizzle and the app use, answered by the embedded database's thread. */
export type ThreadClient = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<ThreadResult>;
  exec: (sql: string) => Promise<ThreadResult[]>;
  /** Not inside a transaction (PGlite has no nested BEGIN; Drizzle uses savepoints there). */
  transaction?: <T>(work: (tx: ThreadClient) => Promise<T>) => Promise<T>;
};

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/** An error from the database thread, with the fields callers read (code, constraint, detail…). */
function rebuildError(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message ?? 'Database error'));
  Object.assign(err, data);
  return err;
}

/**
 * The embedded database (PGlite) in a worker thread of its own (pglite-worker.mjs), behind the client
 * interface Drizzle's PGlite driver uses: `query`, `exec` and `transaction`. Statements still run one
 * at a time, as in PGlite itself (in the order they arrive, but for the exceptions the worker names);
 * what changes is that the API's thread goes on with other requests (reading them, building
 * statements, writing answers) while one runs.
 */
export class PgliteThread implements ThreadClient {
  #worker: Worker;
  #next = 1;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #listeners = new Map<number, (payload: string) => void>();
  #closed = false;
  #exited: Promise<void>;
  /** Statements outside any transaction or listing. */
  #plain = this.#client(() => ({}));

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: Reply & { notify?: number; payload?: string }) => {
      if (message.notify !== undefined) {
        this.#listeners.get(message.notify)?.(message.payload ?? '');
        return;
      }
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error) pending.reject(rebuildError(message.error));
      else pending.resolve(message.result);
    });
    this.#exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        const unexpected = !this.#closed;
        this.#closed = true;
        for (const { reject } of this.#pending.values()) reject(new Error('The database thread stopped'));
        this.#pending.clear();
        resolve();
        // As when PGlite ran in this thread and aborted: the process stops rather than answer
        // every request with an error (a supervisor or `npm start` under a service manager restarts it).
        if (unexpected) {
          process.nextTick(() => {
            throw new Error(`The embedded database stopped (thread exit code ${code})`);
          });
        }
      });
    });
    worker.on('error', () => {
      // Reported to the pending calls by 'exit'.
    });
  }

  /** Starts the thread and opens the database in it (the data directory, or a dump in memory). */
  static async start(options: {
    dataDir?: string;
    loadDataDir?: Blob;
    startParams: string[];
  }): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, startParams: options.startParams },
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(rebuildError(message.error ?? {}));
        }
      });
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  /** `query` and `exec` whose messages carry `tags()` (a transaction's id, a listing's turn). */
  #client(tags: () => Record<string, unknown>): ThreadClient {
    return {
      query: (sql, params = [], options = {}) =>
        this.#call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', ...tags() }),
      exec: (sql) => this.#call({ op: 'exec', sql, ...tags() }),
    };
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<ThreadResult> {
    return this.#plain.query(sql, params, options);
  }

  /**
   * A client for statements that belong together (see backToBack): the first waits its turn, the
   * ones after it go before the statements waiting, so the whole waits in line once. Unlike a
   * transaction, the database is not held between them.
   */
  together(): ThreadClient {
    let next = false;
    const client = this.#client(() => {
      const tags = { next };
      next = true;
      return tags;
    });
    return { ...client, transaction: (work) => this.transaction(work) };
  }

  exec(sql: string): Promise<ThreadResult[]> {
    return this.#plain.exec(sql);
  }

  /**
   * Runs `work` in one transaction: the database thread holds it (other statements wait) until
   * `work` ends, then commits, or rolls back when `work` throws.
   */
  async transaction<T>(work: (tx: ThreadClient) => Promise<T>): Promise<T> {
    const tx = this.#next++;
    await this.#call({ op: 'begin', tx });
    const client = this.#client(() => ({ tx }));
    let result: T;
    try {
      result = await work(client);
    } catch (err) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** LISTEN on `channel`; resolves to the function that stops it. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#next++;
    this.#listeners.set(listener, onPayload);
    await this.#call({ op: 'listen', channel, listener });
    return async () => {
      this.#listeners.delete(listener);
      if (!this.#closed) await this.#call({ op: 'unlisten', listener });
    };
  }

  /** The data directory as a tarball (`gzip` or `none`), taken between two statements. */
  async dumpDataDir(compression: 'gzip' | 'none'): Promise<Blob> {
    const data = await this.#call<ArrayBuffer>({ op: 'dump', compression });
    return new Blob([data]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
      await this.#exited;
    }
  }
}
