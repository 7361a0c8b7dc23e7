import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderQrPng } from '../src/services/qr/qr-png';

describe('renderQrPng', () => {
  it('writes a greyscale PNG that reads back as its text, at every size, one after the other', () => {
    // Short and long texts give different code sizes: the rows kept from the last image change size.
    const texts = ['A1', 'https://attend.test/q/1', `${'x'.repeat(300)}-end`, 'A1', 'é ✓ 漢字'];
    for (const text of texts) {
      const png = renderQrPng(text);
      const image = PNG.sync.read(png);
      expect(image.width).toBe(image.height);
      // 6 pixels a module, a quiet zone of 4 modules on each side.
      expect(image.width % 6).toBe(0);
      const corner = image.data.subarray(0, 4 * image.width * 6 * 4);
      expect(corner.every((v) => v === 255)).toBe(true);
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(text);
      // The same text, the same bytes (exports and the QR image route compare them).
      expect(renderQrPng(text).equals(png)).toBe(true);
    }
  });
});
