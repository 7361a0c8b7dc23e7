import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { PNG } from 'pngjs';
import type { DbOrTx } from '../../db/client';
import { certificateSignatures, eventImages, eventLogos } from '../../db/schema';
import { checkPngData, decodableSize } from '../../lib/image-bounds';

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

/**
 * A WebP image as a PNG (PDF has no WebP; PNG keeps its transparency). libwebp decodes to exactly
 * the size its header declares (a VP8X canvas must match its bitstream), so that size is checked
 * against the pixel ceiling before anything is decoded.
 */
export async function webpToPng(data: Buffer): Promise<Buffer> {
  let declared: { width?: number; height?: number; type?: string };
  try {
    declared = imageSize(data);
  } catch {
    throw new Error('The WebP logo has no readable header.');
  }
  const width = declared.width ?? 0;
  const height = declared.height ?? 0;
  if (declared.type !== 'webp' || !decodableSize(width, height)) {
    throw new Error(`The WebP logo declares ${width} × ${height} pixels: more than the server decodes.`);
  }
  const decode = await loadWebpDecoder();
  const bytes = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  const image = await decode(bytes);
  if (image.width !== width || image.height !== height)
    throw new Error('The WebP logo is not the size it declares.');
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}

// Converted WebP logos by event and content hash: reprinting does not decode again.
const converted = new Map<string, Buffer>();
const MAX_CONVERTED = 8;
// PNG logos whose image data was found within their header's bound (see checkPngData).
const checkedPngs = new Set<string>();
const MAX_CHECKED = 64;

/**
 * The event's logo as PDFKit embeds it (PNG or JPEG bytes), or null when the event has none (or
 * the one it names is gone). PDFKit inflates an interlaced or transparent PNG without a bound, so a
 * PNG is checked first (a logo stored before uploads were checked may be a decompression bomb): one
 * whose image data outgrows its header throws, and the badges print without it. A JPEG is embedded
 * as it is (PDF readers decode it), so the server never decompresses it.
 */
export async function badgeLogo(
  db: DbOrTx,
  eventId: number,
  hash: string,
  source: 'logo' | 'image' | 'signature' = 'logo',
): Promise<Buffer | null> {
  const key = `${source}:${eventId}:${hash}`;
  const cached = converted.get(key);
  if (cached) return cached;
  // The tag design's image is stored and checked like the logo, in a table of its own.
  // The certificate's signature image likewise.
  const [row] =
    source === 'signature'
      ? await db
          .select({ content: certificateSignatures.content, mimeType: certificateSignatures.mimeType })
          .from(certificateSignatures)
          .where(and(eq(certificateSignatures.eventId, eventId), eq(certificateSignatures.hash, hash)))
      : source === 'image'
        ? await db
            .select({ content: eventImages.content, mimeType: eventImages.mimeType })
            .from(eventImages)
            .where(and(eq(eventImages.eventId, eventId), eq(eventImages.hash, hash)))
        : await db
            .select({ content: eventLogos.content, mimeType: eventLogos.mimeType })
            .from(eventLogos)
            .where(and(eq(eventLogos.eventId, eventId), eq(eventLogos.hash, hash)));
  if (!row) return null;
  if (row.mimeType === 'image/png' && !checkedPngs.has(key)) {
    const problem = checkPngData(row.content);
    if (problem) throw new Error(`The PNG ${source} of event ${eventId} is not decoded (${problem}).`);
    if (checkedPngs.size >= MAX_CHECKED) checkedPngs.clear();
    checkedPngs.add(key);
  }
  if (row.mimeType !== 'image/webp') return row.content;
  const png = await webpToPng(row.content);
  if (converted.size >= MAX_CONVERTED) converted.clear();
  converted.set(key, png);
  return png;
}
