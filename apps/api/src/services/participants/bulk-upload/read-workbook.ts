import { Worker } from 'node:worker_threads';
import { format, messages } from '@attend/shared';
import { AppError } from '../../../lib/app-error';
import { assertSafeXlsxArchive } from './inspect-archive';

export type SheetRow = { row: number; cells: string[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

type WorkerResult =
  | { ok: true; headers: string[]; rows: SheetRow[] }
  | { ok: false; code: 'unreadable' | 'empty' | 'too_many_columns' | 'too_many_rows' };

export type ReadLimits = {
  maxRows: number;
  /** Columns read from each row; a participant sheet has six. */
  maxColumns: number;
  /** Heap of the parsing worker, in MB. */
  maxMemoryMb: number;
  timeoutMs: number;
};

export const DEFAULT_READ_LIMITS: Omit<ReadLimits, 'maxRows'> = {
  maxColumns: 50,
  maxMemoryMb: 1024,
  timeoutMs: 60_000,
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(data: Buffer, magic: number[]): boolean {
  return data.length >= magic.length && magic.every((b, i) => data[i] === b);
}

function notWorkbook(): AppError {
  return new AppError('bad_request', messages.uploadNotWorkbook);
}

/**
 * Reads the first worksheet of an uploaded .xlsx or .xls. The name must say Excel and the bytes must
 * be a zip (.xlsx) or an OLE2 compound file (.xls): SheetJS would otherwise read a renamed text or
 * HTML file as a sheet. A zip is inspected first (entry count, real inflated size), then parsed in a
 * worker thread with a heap cap and a deadline.
 */
export async function readUploadedSheet(filename: string, data: Buffer, limits: ReadLimits): Promise<Sheet> {
  const extension = /\.(xlsx|xls)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  if (!extension) throw new AppError('bad_request', messages.uploadWrongType);
  if (data.length === 0) throw notWorkbook();
  if (startsWith(data, ZIP_MAGIC)) await assertSafeXlsxArchive(data);
  else if (!startsWith(data, OLE2_MAGIC)) throw notWorkbook();

  const result = await parseInWorker(data, limits);
  if (result.ok) return { headers: result.headers, rows: result.rows };
  switch (result.code) {
    case 'too_many_rows':
      throw new AppError(
        'bad_request',
        format(messages.uploadTooManyRows, { max: limits.maxRows.toLocaleString('en-US') }),
      );
    case 'too_many_columns':
      throw new AppError('bad_request', format(messages.uploadTooManyColumns, { max: limits.maxColumns }));
    case 'empty':
      throw new AppError('bad_request', messages.uploadNoRows);
    default:
      throw notWorkbook();
  }
}

/** Parses at a time per process: each may take up to `maxMemoryMb` of heap. */
const MAX_PARALLEL_PARSES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withParseSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function parseInWorker(data: Buffer, limits: ReadLimits): Promise<WorkerResult> {
  return withParseSlot(() => startWorker(data, limits));
}

function startWorker(data: Buffer, limits: ReadLimits): Promise<WorkerResult> {
  // A copy the worker owns: the request's buffer may be a slice of a larger pool.
  const copy = new Uint8Array(data).buffer;
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./read-workbook-worker.mjs', import.meta.url), {
      workerData: { data: copy, maxRows: limits.maxRows, maxColumns: limits.maxColumns },
      transferList: [copy],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: 64 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (result: WorkerResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    // Out of memory, a crash or a deadline all mean the same to the user: this file cannot be read.
    const timer = setTimeout(() => finish({ ok: false, code: 'unreadable' }), limits.timeoutMs);
    worker.once('message', (result: WorkerResult) => finish(result));
    worker.once('error', () => finish({ ok: false, code: 'unreadable' }));
    worker.once('exit', () => finish({ ok: false, code: 'unreadable' }));
  });
}
