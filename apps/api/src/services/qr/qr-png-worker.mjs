// A QR drawing thread: receives { id, texts }, answers { id, pngs } (the PNGs' bytes transferred).
// Jobs come in batches: one message per image cost about a fifth of the drawing time.
import { parentPort } from 'node:worker_threads';
import { renderQrPng } from './qr-png-render.mjs';

parentPort?.on('message', (/** @type {{ id: number, texts: string[] }} */ job) => {
  try {
    const pngs = job.texts.map((text) => {
      const png = renderQrPng(text);
      return png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength);
    });
    parentPort?.postMessage({ id: job.id, pngs }, pngs);
  } catch (err) {
    parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
