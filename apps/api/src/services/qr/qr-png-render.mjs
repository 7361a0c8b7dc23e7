// Draws a QR code as an 8-bit greyscale PNG. Plain JavaScript: the API thread and the QR worker
// threads import the same code (workers run without a TypeScript loader).
import { constants, crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** Pixels per QR module and quiet-zone width in modules (the standard asks for 4). */
const SCALE = 6;
const MARGIN = 4;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The last image's lines, each after its filter byte, kept for the next image: an export draws
 * thousands of codes of the same size.
 * @type {Buffer | null}
 */
let rows = null;

/**
 * A PNG chunk: length, type, data, and the CRC of type and data.
 * @param {string} type
 * @param {Buffer} data
 */
function chunk(type, data) {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const IEND = chunk('IEND', Buffer.alloc(0));

/**
 * qrcode builds the module matrix (with its mask selection); the PNG is written here. Each module
 * is SCALE lines high: its first line is stored as it is (filter 0) and the others as "the same as
 * the line above" (filter 2, all zero bytes), so the image data is mostly runs of zeros. zlib's
 * run-length mode, with a 512-byte window, compresses that quickly into a file 0.4 of the size
 * pngjs wrote (row by row, 4.2 kB for a signed credential), and needs a few kB of working memory
 * instead of 256 kB: freed after every image, that memory stayed with the drawing thread's
 * allocator, about 30 MB after an export of 10,000 codes.
 * @param {string} text
 * @returns {Buffer}
 */
export function renderQrPng(text) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const width = n + 2 * MARGIN;
  const size = width * SCALE;
  const stride = size + 1;
  if (rows?.length !== stride * size) rows = Buffer.allocUnsafe(stride * size);
  rows.fill(0);
  for (let y = 0; y < width; y++) {
    const first = y * SCALE * stride;
    rows.fill(255, first + 1, first + stride);
    for (let dy = 1; dy < SCALE; dy++) rows[first + dy * stride] = 2;
    if (y < MARGIN || y >= n + MARGIN) continue;
    for (let x = 0; x < n; x++) {
      if (!modules.get(y - MARGIN, x)) continue;
      const left = first + 1 + (x + MARGIN) * SCALE;
      rows.fill(0, left, left + SCALE);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale; compression, filter and interlace methods 0
  const data = deflateSync(rows, { windowBits: 9, memLevel: 1, strategy: constants.Z_RLE });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), IEND]);
}
