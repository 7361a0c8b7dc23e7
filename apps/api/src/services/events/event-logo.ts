import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { PNG } from 'pngjs';
import { messages, type TEventDetail } from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { eventLogos, events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkPngData } from '../../lib/image-bounds';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { getEvent } from './get-event';

export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MAX_PIXELS_PER_SIDE = 4000;

export const MIME = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type LogoType = keyof typeof MIME;

/** The refusals of one kind of upload: the logo's, or the tag image's (same checks, its own words). */
const WORDS = {
  logo: {
    required: messages.logoFileRequired,
    tooLarge: messages.logoTooLarge,
    wrongType: messages.logoWrongType,
    svg: messages.logoSvgRefused,
    pixels: messages.logoTooManyPixels,
    damaged: messages.logoDamaged,
    data: messages.logoDataTooLarge,
  },
  image: {
    required: messages.imageFileRequired,
    tooLarge: messages.imageTooLarge,
    wrongType: messages.imageWrongType,
    svg: messages.imageSvgRefused,
    pixels: messages.imageTooManyPixels,
    damaged: messages.imageDamaged,
    data: messages.imageDataTooLarge,
  },
  signature: {
    required: messages.signatureFileRequired,
    tooLarge: messages.signatureTooLarge,
    wrongType: messages.signatureWrongType,
    svg: messages.signatureSvgRefused,
    pixels: messages.signatureTooManyPixels,
    damaged: messages.signatureDamaged,
    data: messages.signatureDataTooLarge,
  },
} as const;
export type UploadKind = keyof typeof WORDS;

function refuse(detail: string): AppError {
  return new AppError('bad_request', detail, { errors: { file: [detail] } });
}

/** A JPEG is markers from SOI to the scan, then entropy-coded data ending in EOI. */
function wellFormedJpeg(data: Buffer): boolean {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return false;
  if (data[data.length - 2] !== 0xff || data[data.length - 1] !== 0xd9) return false;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return false;
    const marker = data[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) return false;
    if (marker === 0xda) return true; // start of scan: the headers held together
    at += 2 + length;
  }
  return false;
}

/**
 * A PNG is its signature, then chunks (length, type, data, CRC) that each fit in the file and carry
 * the right CRC, from IHDR first to IEND last, with image data in between and nothing after. Checked
 * before decoding: pngjs's reader, given a file cut short, reads past what it was given and accepts
 * such a file about half the time.
 */
function wellFormedPng(data: Buffer): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length < 8 || signature.some((b, i) => data[i] !== b)) return false;
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > data.length || end > data.length) return false;
    const type = data.toString('latin1', at + 4, at + 8);
    if (crc32(data.subarray(at + 4, at + 8 + length)) !== data.readUInt32BE(at + 8 + length)) return false;
    if (first !== (type === 'IHDR')) return false;
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData && end === data.length;
    at = end;
  }
  return false;
}

/** A WebP is one RIFF container whose declared size is the file's, holding a VP8, VP8L or VP8X chunk. */
function wellFormedWebp(data: Buffer): boolean {
  if (data.length < 20) return false;
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return false;
  if (data.readUInt32LE(4) + 8 !== data.length) return false;
  let at = 12;
  while (at + 8 <= data.length) {
    const size = data.readUInt32LE(at + 4);
    const next = at + 8 + size + (size % 2);
    if (next > data.length) return false;
    at = next;
  }
  return at === data.length && ['VP8 ', 'VP8L', 'VP8X'].includes(data.toString('latin1', 12, 16));
}

/**
 * What the upload really is, judged by its content (never its name): PNG, JPEG or WebP, at most
 * 1 MB and 4,000 × 4,000 pixels (read from the header before anything is decoded), and whole. A
 * PNG's image data must inflate to no more than its header declares, checked with the inflation
 * bounded by that size before the decoder (which inflates interlaced images without a bound) runs.
 */
export function inspectLogo(
  data: Buffer,
  kind: UploadKind = 'logo',
): { type: LogoType; width: number; height: number } {
  const words = WORDS[kind];
  if (data.length === 0) throw refuse(words.required);
  if (data.length > LOGO_MAX_BYTES) throw refuse(words.tooLarge);
  const head = data.toString('utf8', 0, Math.min(data.length, 512)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) {
    throw refuse(words.svg);
  }
  let info: { type?: string; width?: number; height?: number };
  try {
    info = imageSize(data);
  } catch {
    throw refuse(words.wrongType);
  }
  const type = info.type === 'jpg' || info.type === 'png' || info.type === 'webp' ? info.type : null;
  if (!type) throw refuse(info.type === 'svg' ? words.svg : words.wrongType);
  const width = info.width ?? 0;
  const height = info.height ?? 0;
  if (width < 1 || height < 1) throw refuse(words.damaged);
  if (width > LOGO_MAX_PIXELS_PER_SIDE || height > LOGO_MAX_PIXELS_PER_SIDE) {
    throw refuse(words.pixels);
  }
  if (type === 'png') {
    if (!wellFormedPng(data)) throw refuse(words.damaged);
    const problem = checkPngData(data);
    if (problem === 'too-much-data') throw refuse(words.data);
    if (problem === 'too-many-pixels') throw refuse(words.pixels);
    if (problem) throw refuse(words.damaged);
    try {
      // Whole chunks within the pixel limit: decoding checks the compressed image data.
      PNG.sync.read(data);
    } catch {
      throw refuse(words.damaged);
    }
  } else if (type === 'jpg' ? !wellFormedJpeg(data) : !wellFormedWebp(data)) {
    throw refuse(words.damaged);
  }
  return { type, width, height };
}

/** POST /api/events/{id}/logo/: stores the logo (replacing any earlier one) and answers the event. */
export async function setEventLogo(
  db: Db,
  actor: StaffActor,
  eventId: number,
  data: Buffer,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  const image = inspectLogo(data);
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
  await db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ logoHash: hash, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning({ id: events.id });
    if (!event) throw new AppError('not_found', messages.eventNotFound);
    const row = {
      content: data,
      mimeType: MIME[image.type],
      hash,
      width: image.width,
      height: image.height,
      updatedAt: new Date(),
    };
    await tx
      .insert(eventLogos)
      .values({ eventId, ...row })
      .onConflictDoUpdate({ target: eventLogos.eventId, set: row });
    await audit(tx, {
      action: 'event.logo_set',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
      details: { type: image.type, bytes: data.length, width: image.width, height: image.height },
    });
  });
  return getEvent(db, actor, eventId);
}

/** DELETE /api/events/{id}/logo/: the event has no logo afterwards (deleting none is not an error). */
export async function deleteEventLogo(
  db: Db,
  actor: StaffActor,
  eventId: number,
  meta: { ip?: string } = {},
): Promise<TEventDetail> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ logoHash: null, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning({ id: events.id });
    if (!event) throw new AppError('not_found', messages.eventNotFound);
    await tx.delete(eventLogos).where(eq(eventLogos.eventId, eventId));
    await audit(tx, {
      action: 'event.logo_deleted',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      ip: meta.ip,
    });
  });
  return getEvent(db, actor, eventId);
}

/** The logo the URL names (its event and content hash), or 404. */
export async function readEventLogo(
  db: DbOrTx,
  eventId: number,
  hash: string,
): Promise<{ content: Buffer; mimeType: string }> {
  const [row] = await db
    .select({ content: eventLogos.content, mimeType: eventLogos.mimeType })
    .from(eventLogos)
    .where(and(eq(eventLogos.eventId, eventId), eq(eventLogos.hash, hash)));
  if (!row) throw new AppError('not_found', messages.logoNotFound);
  return row;
}
