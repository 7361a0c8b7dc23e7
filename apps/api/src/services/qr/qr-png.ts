import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { renderQrPng } from './qr-png-render.mjs';

export { renderQrPng };

type Job = { id: number; texts: string[]; resolve: (pngs: Buffer[]) => void; reject: (err: Error) => void };
type Slot = { worker: Worker; job: Job | null };

const IDLE_MS = 10_000;

/**
 * Draws QR PNGs on worker threads: an export of 10,000 participants draws 10,000 codes, and on the
 * main thread that would hold up every other request (embedded PGlite answers on the same thread).
 * Workers start on first use and stop after 10 s without work (each holds its own heap).
 */
export class QrRenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  // One core is left to the main thread: it answers every request, and on the embedded database it
  // also runs every query, so an export must not take the door's check-ins with it.
  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1))) {}

  /** Draws several QR codes in one job (cheaper per image than one job each). */
  renderMany(texts: string[]): Promise<Buffer[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, texts, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the threads (they also stop by themselves when idle). */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, texts: job.texts });
    }
    if (this.slots.every((s) => !s.job)) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./qr-png-worker.mjs', import.meta.url));
    worker.unref();
    const slot: Slot = { worker, job: null };
    worker.on('message', (msg: { id: number; pngs?: ArrayBuffer[]; error?: string }) => {
      const job = slot.job;
      slot.job = null;
      if (job?.id === msg.id) {
        if (msg.pngs) job.resolve(msg.pngs.map((png) => Buffer.from(png)));
        else job.reject(new Error(msg.error ?? 'QR rendering failed'));
      }
      this.dispatch();
    });
    const fail = (err: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.job?.reject(err);
      slot.job = null;
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) fail(new Error(`QR worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }
}

let shared: QrRenderPool | null = null;

/** The process-wide pool. */
export function qrRenderPool(): QrRenderPool {
  shared ??= new QrRenderPool();
  return shared;
}
