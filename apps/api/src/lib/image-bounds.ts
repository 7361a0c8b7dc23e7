import { inflateSync } from 'node:zlib';

/** The most pixels on a side of any image the server decodes (the logo limit). */
export const MAX_IMAGE_SIDE = 4000;
/** The most pixels of any image the server decodes: its memory is this times 4 bytes (RGBA). */
export const MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

/** What a PNG's IHDR chunk declares. */
export type PngHeader = {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
};

/** Samples per pixel and the bit depths the PNG specification allows, by colour type. */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] }, // greyscale
  2: { channels: 3, depths: [8, 16] }, // RGB
  3: { channels: 1, depths: [1, 2, 4, 8] }, // palette
  4: { channels: 2, depths: [8, 16] }, // greyscale + alpha
  6: { channels: 4, depths: [8, 16] }, // RGBA
};

/** Adam7's seven passes: first column and row, then the step between columns and rows. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The IHDR chunk (it must come first), or null when the header is missing or not one PNG allows. */
export function readPngHeader(data: Buffer): PngHeader | null {
  if (data.length < 33 || SIGNATURE.some((b, i) => data[i] !== b)) return null;
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const bitDepth = data[24] ?? 0;
  const colourType = data[25] ?? 0;
  const [compression, filter, interlace] = [data[26], data[27], data[28]];
  const type = COLOUR_TYPES[colourType];
  if (!type?.depths.includes(bitDepth)) return null;
  if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return null;
  return { width, height, bitDepth, colourType, interlaced: interlace === 1 };
}

/**
 * The exact size of the image data a PNG with this header inflates to: each row of each pass is a
 * filter byte and its pixels (Adam7 has seven passes of smaller images; an empty pass has no rows).
 */
export function pngImageDataBytes(header: PngHeader): number {
  const bitsPerPixel = (COLOUR_TYPES[header.colourType]?.channels ?? 4) * header.bitDepth;
  const rows = (width: number, height: number) =>
    width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bitsPerPixel) / 8));
  if (!header.interlaced) return rows(header.width, header.height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    total += rows(
      Math.ceil(Math.max(0, header.width - x0) / dx),
      Math.ceil(Math.max(0, header.height - y0) / dy),
    );
  }
  return total;
}

/** The IDAT chunks' contents joined (one zlib stream), or null when a chunk runs past the end. */
function imageData(data: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > data.length) return null;
    if (type === 'IDAT') parts.push(data.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return parts.length > 0 ? Buffer.concat(parts) : null;
}

/**
 * Why a PNG may not be decoded: its header or data is broken, it declares more pixels than the
 * server decodes, or its data outgrows what its header declares.
 */
export type PngDataProblem = 'damaged' | 'too-many-pixels' | 'too-much-data';

/**
 * Inflates a PNG's image data with the output bounded by what its header declares (interlaced or
 * not), and says what is wrong, or null when it fits. Decoders inflate without such a bound (pngjs
 * for interlaced images, PDFKit for interlaced or transparent ones): a 1 MB file declaring 1 × 1
 * pixels can inflate to 1 GiB. Run this first, and they cannot inflate more than the bound.
 */
export function checkPngData(data: Buffer): PngDataProblem | null {
  const header = readPngHeader(data);
  const compressed = header && imageData(data);
  if (!header || !compressed) return 'damaged';
  if (!decodableSize(header.width, header.height)) return 'too-many-pixels';
  try {
    // Stops (and throws) as soon as the output passes the bound: memory stays within it.
    inflateSync(compressed, { maxOutputLength: pngImageDataBytes(header) });
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-much-data' : 'damaged';
  }
  return null;
}

/** Whether an image of this declared size may be decoded (to at most MAX_IMAGE_PIXELS × 4 bytes of RGBA). */
export function decodableSize(width: number, height: number): boolean {
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return false;
  return width * height <= MAX_IMAGE_PIXELS;
}
