// A fake camera clip for bench:station: Chromium plays an MJPEG file as its webcam
// (`--use-file-for-fake-video-capture=FILE.mjpeg`, 30 frames a second: MJPEG files carry no rate and
// Chromium assumes 30). The clip is a blank sheet, then for each badge: blank frames, then that
// badge's QR code held still, so the frame where each code first appears is known and can be told
// from the others by its content (a blank frame is one flat light grey).
import { writeFileSync } from 'node:fs';
import { encode } from 'jpeg-js';
import QRCode from 'qrcode';

export const CLIP = { width: 640, height: 480, fps: 30 };
/** Grey of the blank sheet (and the threshold below which a pixel is a QR module). */
const PAPER = 235;
const INK = 20;

function frame(draw?: (put: (x: number, y: number, v: number) => void) => void): Buffer {
  const { width, height } = CLIP;
  const rgba = Buffer.alloc(width * height * 4, PAPER);
  const put = (x: number, y: number, v: number) => {
    const i = (y * width + x) * 4;
    rgba[i] = v;
    rgba[i + 1] = v;
    rgba[i + 2] = v;
  };
  draw?.(put);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return encode({ data: rgba, width, height }, 90).data;
}

/** A badge held up to the camera: the code (error correction M, as badges print it) on white, centred. */
function qrFrame(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + 2 * quiet;
  const cell = Math.floor((CLIP.height * 0.6) / cells);
  const side = cells * cell;
  const left = Math.floor((CLIP.width - side) / 2);
  const top = Math.floor((CLIP.height - side) / 2);
  return frame((put) => {
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const mx = Math.floor(x / cell) - quiet;
        const my = Math.floor(y / cell) - quiet;
        const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
        put(left + x, top + y, dark ? INK : 255);
      }
    }
  });
}

export type ClipPlan = { leadFrames: number; blankFrames: number; qrFrames: number };

/** Writes the clip; returns the frame index where each badge's code first shows. */
export function writeQrClip(file: string, codes: string[], plan: ClipPlan): number[] {
  const blank = frame();
  const parts: Buffer[] = Array.from({ length: plan.leadFrames }, () => blank);
  const firstFrames: number[] = [];
  for (const code of codes) {
    for (let i = 0; i < plan.blankFrames; i++) parts.push(blank);
    firstFrames.push(parts.length);
    const qr = qrFrame(code);
    for (let i = 0; i < plan.qrFrames; i++) parts.push(qr);
  }
  writeFileSync(file, Buffer.concat(parts));
  return firstFrames;
}
