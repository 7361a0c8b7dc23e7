/**
 * A fake camera for the scanner journeys: Chromium plays a Y4M file as its webcam
 * (`--use-file-for-fake-video-capture`). This draws a participant's QR PNG, as the API serves it,
 * in the middle of a white 640 × 480 picture, the way a phone held up to a badge would see it.
 */
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

export function qrPngToY4m(png: Buffer, file: string): void {
  const image = PNG.sync.read(png);
  const scale = Math.max(1, Math.floor(Math.min((WIDTH * 0.8) / image.width, (HEIGHT * 0.8) / image.height)));
  const left = Math.floor((WIDTH - image.width * scale) / 2);
  const top = Math.floor((HEIGHT - image.height * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < image.height * scale; y++) {
    for (let x = 0; x < image.width * scale; x++) {
      const i = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      const [r = 255, g = 255, b = 255, a = 255] = image.data.subarray(i, i + 4);
      const grey = (0.299 * r + 0.587 * g + 0.114 * b) * (a / 255) + 255 * (1 - a / 255);
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (grey / 255) * 219);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
