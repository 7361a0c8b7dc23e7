// Draws a QR code as an 8-bit greyscale PNG. Plain JavaScript: the API thread and the QR worker
// threads import the same code (workers run without a TypeScript loader).
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** Pixels per QR module and quiet-zone width in modules (the standard asks for 4). */
const SCALE = 6;
const MARGIN = 4;

/**
 * qrcode builds the module matrix (with its mask selection); pngjs writes the image. qrcode's own
 * PNG path renders RGBA through a stream and is about twice as slow, which matters when an export
 * draws thousands of codes.
 * @param {string} text
 * @returns {Buffer}
 */
export function renderQrPng(text) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const size = (n + 2 * MARGIN) * SCALE;
  const pixels = Buffer.alloc(size * size, 255);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!modules.get(y, x)) continue;
      const left = (x + MARGIN) * SCALE;
      for (let dy = 0; dy < SCALE; dy++) {
        const row = ((y + MARGIN) * SCALE + dy) * size;
        pixels.fill(0, row + left, row + left + SCALE);
      }
    }
  }
  const image = /** @type {PNG} */ (/** @type {unknown} */ ({ width: size, height: size, data: pixels }));
  return PNG.sync.write(image, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    bitDepth: 8,
    filterType: 0,
  });
}
