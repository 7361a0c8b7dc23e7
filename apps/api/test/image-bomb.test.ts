import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createDeflate, crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@attend/shared';
import { eventLogos, events } from '../src/db/schema';
import { multipart } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

// A PNG's image data is inflated with its output bounded by what the header declares, interlaced
// or not, before any decoder sees it: a small file declaring 1 × 1 pixels that inflates to
// hundreds of megabytes is refused without the memory ever being taken.

const MB = 1024 * 1024;
/** What the bomb's image data inflates to (the was 1 GiB in a 1 MB file). */
const INFLATED = 256 * MB;

let t: TestApp;
let staff: string;
let bomb: Buffer;

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

function png(
  ihdr: { width: number; height: number; depth?: number; colour?: number; interlace?: 0 | 1 },
  idat: Buffer,
) {
  const h = Buffer.alloc(13);
  h.writeUInt32BE(ihdr.width, 0);
  h.writeUInt32BE(ihdr.height, 4);
  h[8] = ihdr.depth ?? 8;
  h[9] = ihdr.colour ?? 6;
  h[12] = ihdr.interlace ?? 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', h),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `bytes` zeros deflated, fed 1 MB at a time (the test never holds the inflated data either). */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const zeros = Buffer.alloc(MB);
  const source = Readable.from(
    (function* () {
      for (let left = bytes; left > 0; left -= MB) yield left >= MB ? zeros : zeros.subarray(0, left);
    })(),
  );
  return buffer(source.pipe(createDeflate({ level: 9 })));
}

/** The process's peak resident memory (kB) since the last reset. */
function peakKb(): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
}

/** Runs `work` and answers how far the process's peak memory rose above what it held before (MB). */
async function peakRise<T>(work: () => Promise<T>): Promise<{ result: T; riseMb: number; ms: number }> {
  writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current resident size
  const before = peakKb() * 1024;
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  return { result, riseMb: (peakKb() * 1024 - before) / MB, ms };
}

function uploadLogo(data: Buffer, what: 'logo' | 'image' = 'logo') {
  const body = multipart({ data, filename: 'logo.png', contentType: 'image/png' });
  return t.request({
    method: 'POST',
    url: `/api/events/${t.seed.event.id}/${what}/`,
    headers: { ...body.headers, ...bearer(staff) },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  // 1 × 1 RGBA, Adam7-interlaced: its image data is 5 bytes (one row of the first pass).
  bomb = png({ width: 1, height: 1, interlace: 1 }, await deflatedZeros(INFLATED));
});
afterAll(async () => {
  await t.close();
});

describe('a PNG decompression bomb (1 × 1 declared, interlaced, 256 MB of image data)', () => {
  it('is refused with a clear 400 in under 1 s, memory rising by less than 50 MB', async () => {
    expect(bomb.length).toBeLessThan(MB);
    // Warm the route (multipart, auth) so the measurement is the upload's own.
    await uploadLogo(Buffer.from('not an image'));
    const { result: res, riseMb, ms } = await peakRise(() => uploadLogo(bomb));
    console.info(
      `PNG bomb upload: ${res.statusCode} in ${ms.toFixed(0)} ms, peak memory +${riseMb.toFixed(1)} MB`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: messages.logoDataTooLarge,
      errors: { file: [messages.logoDataTooLarge] },
    });
    expect(ms).toBeLessThan(1000);
    expect(riseMb).toBeLessThan(50);
    const [event] = await t.database.db.select().from(events).where(eq(events.id, t.seed.event.id));
    expect(event?.logoHash).toBeNull();
  });

  it('is refused as the tag design image too, within the same bounds', async () => {
    const { result: res, riseMb, ms } = await peakRise(() => uploadLogo(bomb, 'image'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: messages.imageDataTooLarge,
      errors: { file: [messages.imageDataTooLarge] },
    });
    expect(ms).toBeLessThan(1000);
    expect(riseMb).toBeLessThan(50);
    const [event] = await t.database.db.select().from(events).where(eq(events.id, t.seed.event.id));
    expect(event?.imageHash).toBeNull();
  });

  it('stored before uploads were checked, is not inflated by badge sheets, which print without it', async () => {
    const eventId = t.seed.event.id;
    const ids = t.seed.participants.map((p) => p.id).join(',');
    const sheet = () =>
      t.request({
        method: 'GET',
        url: `/api/events/${eventId}/badges.pdf?participant_ids=${ids}&layout=a4-4`,
        headers: bearer(staff),
      });
    // Fonts and PDFKit load with the first sheet: printed before the logo is there.
    await t.database.db.update(events).set({ logoHash: null }).where(eq(events.id, eventId));
    expect((await sheet()).statusCode).toBe(200);
    const hash = createHash('sha256').update(bomb).digest('hex').slice(0, 32);
    await t.database.db
      .insert(eventLogos)
      .values({ eventId, content: bomb, mimeType: 'image/png', hash, width: 1, height: 1 })
      .onConflictDoUpdate({
        target: eventLogos.eventId,
        set: { content: bomb, mimeType: 'image/png', hash },
      });
    await t.database.db
      .update(events)
      .set({ logoHash: hash, tagDesign: { show_logo: true } })
      .where(eq(events.id, eventId));
    for (let i = 0; i < 2; i++) {
      const { result: res, riseMb, ms } = await peakRise(sheet);
      console.info(
        `badge sheet with the bomb as logo: ${res.statusCode} in ${ms.toFixed(0)} ms, peak +${riseMb.toFixed(1)} MB`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(riseMb).toBeLessThan(50);
    }
  });
});

describe('the bound on image data', () => {
  /** An 8-bit RGB image of `width` × `height`, Adam7-interlaced, as a PNG. */
  function interlacedRgb(width: number, height: number): Buffer {
    const passes = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ];
    const rows: Buffer[] = [];
    for (const [x0 = 0, y0 = 0, dx = 1, dy = 1] of passes) {
      const w = Math.ceil(Math.max(0, width - x0) / dx);
      const h = Math.ceil(Math.max(0, height - y0) / dy);
      if (w === 0) continue;
      for (let y = 0; y < h; y++) {
        const row = Buffer.alloc(1 + 3 * w);
        for (let x = 0; x < w; x++) row.set([(x0 + x * dx) * 20, (y0 + y * dy) * 20, 200], 1 + 3 * x);
        rows.push(row);
      }
    }
    return png({ width, height, colour: 2, interlace: 1 }, deflateSync(Buffer.concat(rows)));
  }

  it("is the header's exact size, per Adam7 pass when interlaced", async () => {
    const { pngImageDataBytes, readPngHeader } = await import('../src/lib/image-bounds');
    const header = (width: number, height: number, interlaced: boolean, colourType = 6, bitDepth = 8) => ({
      width,
      height,
      bitDepth,
      colourType,
      interlaced,
    });
    expect(pngImageDataBytes(header(1, 1, true))).toBe(5);
    expect(pngImageDataBytes(header(8, 8, false))).toBe(8 * (1 + 32));
    // Passes of an 8 × 8 image: 1×1, 1×1, 2×1, 2×2, 4×2, 4×4, 8×4 pixels.
    expect(pngImageDataBytes(header(8, 8, true))).toBe(5 + 5 + 9 + 18 + 34 + 68 + 132);
    // 1-bit greyscale, 10 pixels a row: 2 bytes and a filter byte.
    expect(pngImageDataBytes(header(10, 3, false, 0, 1))).toBe(3 * 3);
    expect(readPngHeader(bomb)).toEqual(header(1, 1, true));
  });

  it('accepts real interlaced PNGs and refuses one with a byte too many', async () => {
    const { checkPngData } = await import('../src/lib/image-bounds');
    for (const [w, h] of [
      [1, 1],
      [3, 2],
      [9, 13],
      [64, 40],
    ] as const) {
      const image = interlacedRgb(w, h);
      expect(checkPngData(image), `${w} × ${h}`).toBeNull();
      expect(PNG.sync.read(image).width).toBe(w);
      const upload = await uploadLogo(image);
      expect(upload.statusCode, upload.body).toBe(200);
    }
    const plain = new PNG({ width: 30, height: 20 });
    plain.data.fill(0x80);
    expect(checkPngData(PNG.sync.write(plain))).toBeNull();
    // The same image data and one more byte: more than the header allows.
    const inflated = Buffer.alloc(20 * (1 + 30 * 3) + 1);
    expect(checkPngData(png({ width: 30, height: 20, colour: 2 }, deflateSync(inflated)))).toBe(
      'too-much-data',
    );
    expect(checkPngData(png({ width: 30, height: 20, colour: 2 }, Buffer.from('not zlib')))).toBe('damaged');
  });

  it('keeps a WebP declaring more pixels than the ceiling from the decoder', async () => {
    const { webpToPng } = await import('../src/services/badges/badge-logo');
    // A lossless (VP8L) header declaring 5000 × 5000 pixels, then a few bytes of bitstream.
    const bits = Buffer.alloc(4);
    bits.writeUInt32LE(((5000 - 1) | ((5000 - 1) << 14)) >>> 0);
    const vp8l = Buffer.concat([Buffer.from([0x2f]), bits, Buffer.alloc(11)]);
    const body = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.alloc(4), vp8l]);
    body.writeUInt32LE(vp8l.length, 8);
    const webp = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), body]);
    webp.writeUInt32LE(body.length, 4);
    await expect(webpToPng(webp)).rejects.toThrow('declares 5000 × 5000 pixels');
  });
});
