// The embedded database in a thread of its own (see pglite-thread.ts): PostgreSQL compiled to
// WebAssembly runs each statement to the end without a break, so on the API's thread every statement
// would stop every request, and a request's own work (HTTP, building the statement, JSON) could not
// run beside the database's. Plain JavaScript so it runs the same under tsx, vitest and node.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pgUtils from 'pg/lib/utils.js';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/**
 * Dates and times come back as PostgreSQL's text, as Drizzle asks of PGlite (its own parsers are
 * functions, which cannot cross to this thread): Drizzle's column types read them.
 */
const asText = (value) => value;
const TEXT_TIMES = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer, startParams: string[] }} */
const options = workerData;

/** A database error as plain data: its code, constraint and message are what callers read. */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const data = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || value === null) continue;
    if (['string', 'number', 'boolean'].includes(typeof value)) data[key] = value;
  }
  return data;
}

/**
 * One statement at a time, as PGlite itself runs them, in the order they arrive, with two
 * exceptions: an open transaction has the database to itself (its statements only, until it ends),
 * and a statement marked `next` (the second and later statement of a listing whose first has run)
 * goes before the others, so a listing waits in line once however many statements it has.
 */
const waiting = { next: [], later: [] };
/** The statements of the open transaction, if any. */
let open = null;
let running = false;

function sort(message) {
  if (message.tx !== undefined && open?.tx === message.tx) open.queue.push(message);
  else if (message.next) waiting.next.push(message);
  else waiting.later.push(message);
}

function enqueue(message) {
  sort(message);
  void drain();
}

function take() {
  // Statements that arrived while the last one ran are still in the port: all of them are sorted
  // before the next is chosen (PGlite answers without a turn of the event loop).
  for (let arrived = receiveMessageOnPort(port); arrived; arrived = receiveMessageOnPort(port)) {
    sort(arrived.message);
  }
  if (open) return open.queue.shift();
  return waiting.next.shift() ?? waiting.later.shift();
}

/**
 * This thread's garbage. Each answer is built here and copied to the API's thread, so the rows and
 * parameters of an import or an export are garbage here at once; V8 lets that pile up in the old
 * generation (40 MB during a 10,000-participant export) before it collects. A full collection of
 * this small heap takes a few milliseconds: one runs after every COLLECT_BUSY_VALUES values (rows
 * times columns, and parameters) even while busy, and once the thread has been idle for a while
 * after COLLECT_IDLE_VALUES (an idle thread allocates nothing, so V8 would keep it until the next
 * burst, as lib/release-memory.ts says of the API's thread).
 */
const COLLECT_BUSY_VALUES = 100_000;
const COLLECT_IDLE_VALUES = 20_000;
const COLLECT_IDLE_MS = 2_000;
let valuesSinceCollect = 0;
let collectTimer = null;
let collector;

function collect() {
  valuesSinceCollect = 0;
  if (collector === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc');
    } catch {
      collector = null;
    }
  }
  collector?.();
}

function counted(values) {
  valuesSinceCollect += values;
  if (valuesSinceCollect >= COLLECT_BUSY_VALUES) collect();
}

function collectWhenIdle() {
  if (valuesSinceCollect < COLLECT_IDLE_VALUES) return;
  if (collectTimer) clearTimeout(collectTimer);
  collectTimer = setTimeout(() => {
    collectTimer = null;
    if (!running) collect();
  }, COLLECT_IDLE_MS);
  collectTimer.unref();
}

async function drain() {
  if (running) return;
  running = true;
  try {
    for (let message = take(); message; message = take()) {
      try {
        const result = await handle(message);
        const transfer = result instanceof ArrayBuffer ? [result] : [];
        port.postMessage({ id: message.id, result }, transfer);
      } catch (err) {
        port.postMessage({ id: message.id, error: errorData(err) });
      }
    }
  } finally {
    running = false;
  }
  collectWhenIdle();
}

/** Parsers of result values: PGlite's own, but for the times Drizzle reads as text. */
let parsers;

/**
 * Statements kept parsed. A statement text seen a second time (among the last SEEN_MAX) is prepared
 * under a name, so that later runs skip parsing and analysing it: about a millisecond for a search
 * page's statement. The database starts with plan_cache_mode=force_custom_plan (KEPT_SETTINGS), so
 * each run is still planned for its own values, as an unnamed statement is: a search term's plan
 * depends on the term (how many rows it matches), which one plan for any values would not. Texts
 * longer than PREPARED_TEXT_MAX (an import's many-row inserts) are never kept; past PREPARED_MAX the
 * least recently used is closed.
 */
const KEPT_SETTINGS = ['-c', 'plan_cache_mode=force_custom_plan'];
const PREPARED_MAX = 100;
const PREPARED_TEXT_MAX = 10_000;
const SEEN_MAX = 500;
/** Statement text → its name, least recently used first. */
const prepared = new Map();
const seen = new Set();
/** Names to close with the next statement: evicted, or perhaps left by a statement that failed. */
let closing = [];
let named = 0;

/** The statement's name, or '' to parse it unnamed; `create` when it is to be parsed under it. */
function statementFor(sql) {
  const known = prepared.get(sql);
  if (known) {
    prepared.delete(sql);
    prepared.set(sql, known);
    return { name: known, create: false };
  }
  if (sql.length > PREPARED_TEXT_MAX) return { name: '', create: false };
  if (!seen.has(sql)) {
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.add(sql);
    return { name: '', create: false };
  }
  seen.delete(sql);
  if (prepared.size >= PREPARED_MAX) {
    const [oldest, name] = prepared.entries().next().value;
    prepared.delete(oldest);
    closing.push(name);
  }
  return { name: `attend_${++named}`, create: true };
}

/**
 * One statement with parameters, sent as one batch of the extended protocol (close what is to be
 * closed, parse unless kept, bind, describe, execute, sync) in a single call into the database.
 * PGlite's own `query` makes six calls, the first two to learn the parameters' types so that it can
 * write each value for its type. Here the values are written as node-postgres writes them, by
 * their JavaScript type, and PostgreSQL infers each parameter's type from the statement: the same
 * statements and values the API sends to a PostgreSQL server through node-postgres.
 */
async function query(sql, params, rowMode) {
  const { serialize } = protocol;
  const values = params.map((value) => pgUtils.prepareValue(value));
  const { name, create } = statementFor(sql);
  const batch = closing.map((old) => serialize.close({ type: 'S', name: old }));
  closing = [];
  if (!name || create) batch.push(serialize.parse({ name, text: sql }));
  batch.push(
    serialize.bind({ statement: name, values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  );
  const message = new Uint8Array(batch.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of batch) {
    message.set(part, offset);
    offset += part.length;
  }
  let messages;
  try {
    messages = await db.execProtocolStream(message);
  } catch (err) {
    // Whether the parse ran before the error is not known: the name is closed with the next one.
    if (create) closing.push(name);
    throw err;
  }
  if (create) prepared.set(sql, name);
  return parse.parseResults(messages, parsers, { rowMode })[0];
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const result = await query(message.sql, message.params ?? [], message.rowMode);
      counted(result.rows.length * result.fields.length + (message.params?.length ?? 0));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await db.exec(message.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      await db.exec('BEGIN');
      open = { tx: message.tx, queue: [] };
      return null;
    case 'end': {
      open = null;
      if (message.commit) await db.exec('COMMIT');
      else await db.exec('ROLLBACK');
      return null;
    }
    case 'listen': {
      const stop = await db.listen(message.channel, (payload) =>
        port.postMessage({ notify: message.listener, payload }),
      );
      listeners.set(message.listener, stop);
      return null;
    }
    case 'unlisten': {
      const stop = listeners.get(message.listener);
      listeners.delete(message.listener);
      if (stop) await stop();
      return null;
    }
    case 'dump': {
      const blob = await db.dumpDataDir(message.compression);
      return await blob.arrayBuffer();
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

const listeners = new Map();

let db;
try {
  db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    extensions: { pg_trgm },
    startParams: [...options.startParams, ...KEPT_SETTINGS],
  });
  parsers = { ...db.parsers, ...TEXT_TIMES };
  port.postMessage({ ready: true });
  // Opening the database leaves its own garbage (the data directory read, the module set up): the
  // first pause after start collects it whatever the count.
  valuesSinceCollect = COLLECT_IDLE_VALUES;
  collectWhenIdle();
} catch (err) {
  port.postMessage({ ready: false, error: errorData(err) });
}

port.on('message', enqueue);
