import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import type { DbOrTx } from '../../db/client';
import { eventLogos } from '../../db/schema';

const require = createRequire(import.meta.url);

/** What this file uses of the WebAssembly global (the API's TypeScript libs do not describe it). */
type WasmApi = {
  compile(bytes: Uint8Array): Promise<object>;
  Instance: new (module: object, imports: unknown) => { exports: unknown };
};
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type WebpDecoder = (data: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
let webpDecoder: Promise<WebpDecoder> | null = null;

/**
 * libwebp's decoder compiled to WebAssembly (@jsquash/webp, no native build): its wasm is
 * compiled from the installed file once per process, since Node cannot fetch it by URL.
 */
function loadWebpDecoder(): Promise<WebpDecoder> {
  webpDecoder ??= (async () => {
    const dir = path.dirname(require.resolve('@jsquash/webp/package.json'));
    const wasm = await wasmApi.compile(await readFile(path.join(dir, 'codec/dec/webp_dec.wasm')));
    const { default: decode, init } = await import('@jsquash/webp/decode.js');
    // Emscripten would fetch the wasm by URL, which Node cannot: it is instantiated here instead.
    const instantiateWasm = (imports: unknown, ready: (instance: unknown) => void) => {
      const instance = new wasmApi.Instance(wasm, imports);
      ready(instance);
      return instance.exports;
    };
    await init({ instantiateWasm } as Parameters<typeof init>[0]);
    return decode;
  })().catch((err: unknown) => {
    webpDecoder = null;
    throw err;
  });
  return webpDecoder;
}

/** A WebP image as a PNG (PDF has no WebP; PNG keeps its transparency). */
export async function webpToPng(data: Buffer): Promise<Buffer> {
  const decode = await loadWebpDecoder();
  const bytes = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  const image = await decode(bytes);
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}

// Converted WebP logos by event and content hash: reprinting does not decode again.
const converted = new Map<string, Buffer>();
const MAX_CONVERTED = 8;

/**
 * The event's logo as PDFKit embeds it (PNG or JPEG bytes), or null when the event has none (or
 * the one it names is gone).
 */
export async function badgeLogo(db: DbOrTx, eventId: number, hash: string): Promise<Buffer | null> {
  const key = `${eventId}:${hash}`;
  const cached = converted.get(key);
  if (cached) return cached;
  const [row] = await db
    .select({ content: eventLogos.content, mimeType: eventLogos.mimeType })
    .from(eventLogos)
    .where(and(eq(eventLogos.eventId, eventId), eq(eventLogos.hash, hash)));
  if (!row) return null;
  if (row.mimeType !== 'image/webp') return row.content;
  const png = await webpToPng(row.content);
  if (converted.size >= MAX_CONVERTED) converted.clear();
  converted.set(key, png);
  return png;
}
