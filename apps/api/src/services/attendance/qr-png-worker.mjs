// A QR drawing thread: receives { id, text }, answers { id, png } (the PNG's bytes transferred).
import { parentPort } from 'node:worker_threads';
import { renderQrPng } from './qr-png-render.mjs';

parentPort?.on('message', (/** @type {{ id: number, text: string }} */ job) => {
  try {
    const png = renderQrPng(job.text);
    const bytes = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength);
    parentPort?.postMessage({ id: job.id, png: bytes }, [bytes]);
  } catch (err) {
    parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
