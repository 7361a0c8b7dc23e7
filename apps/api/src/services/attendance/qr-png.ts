import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** Pixels per QR module and quiet-zone width in modules (the standard asks for 4). */
const SCALE = 8;
const MARGIN = 4;

/**
 * Renders a QR code as an 8-bit greyscale PNG. qrcode builds the module matrix (with its mask
 * selection); pngjs writes the image. Its own PNG path renders RGBA through a stream and is about
 * twice as slow, which matters when an export draws thousands of codes.
 */
export function renderQrPng(text: string): Buffer {
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
  return PNG.sync.write({ width: size, height: size, data: pixels } as PNG, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    bitDepth: 8,
    filterType: 0,
  });
}
