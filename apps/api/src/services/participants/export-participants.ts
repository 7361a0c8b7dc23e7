import { PassThrough, Readable } from 'node:stream';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import yazl from 'yazl';
import { messages, wallClockText } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { giveWay } from '../../lib/give-way';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { QrUrlFor } from '../qr/qr-url';
import type { QrKeys } from '../qr/event-keys';
import { qrRenderPool } from '../qr/qr-png';
import { csvLine } from './csv';
import { participantWhere, type ParticipantFilters } from './list-participants';
import { toParticipant, type ParticipantRow } from './serialize';

export const EXPORT_FILENAME = 'participants_export.zip';
/**
 * Participants read per statement: each page is one hold of the embedded database, which a
 * check-in at the door waits behind. 1,000 rows held it 30 to 100 ms while the export ran; 250 hold
 * it about a quarter of that.
 */
const PAGE = 250;
/** QR images per worker job, and how far ahead of the zip writer they are drawn. */
const DRAW_BATCH = 16;
const DRAW_AHEAD = 64;

/** Columns holding a time: written as the event's wall-clock time, the zone named in the title. */
const TIME_COLUMNS = new Set(['confirmed_at', 'notification_sent_at', 'created_at', 'updated_at']);

const CSV_COLUMNS = [
  'id',
  'event',
  'username',
  'full_name',
  'email',
  'phone',
  'organization',
  'job_title',
  'unique_code',
  'confirmed_attendance',
  'confirmed_at',
  'notification_sent',
  'notification_sent_at',
  'qr_code_url',
  'qr_code_file',
  'created_at',
  'updated_at',
] as const;

/** A file-name-safe version of a person's name: ASCII letters and digits joined by _. */
export function safeName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  return ascii || 'participant';
}

export function qrFileName(p: { fullName: string; uniqueCode: string }): string {
  return `qr/${safeName(p.fullName)}-${p.uniqueCode}.png`;
}

/** The event's participants in name order, a page at a time (keyset: no OFFSET rescans). */
async function* pages(db: DbOrTx, where: SQL): AsyncGenerator<ParticipantRow[]> {
  let after: { key: string; id: number } | null = null;
  for (;;) {
    await giveWay();
    const cursor: SQL | undefined = after
      ? sql`(${participants.nameKey}, ${participants.id}) > (${after.key}, ${after.id})`
      : undefined;
    const rows: ParticipantRow[] = await db
      .select()
      .from(participants)
      .where(and(where, cursor))
      .orderBy(asc(participants.nameKey), asc(participants.id))
      .limit(PAGE);
    if (rows.length > 0) yield rows;
    const last: ParticipantRow | undefined = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return;
    after = { key: last.nameKey, id: last.id };
  }
}

async function* csvChunks(
  db: DbOrTx,
  where: SQL,
  qrUrlFor: QrUrlFor,
  timeZone: string,
): AsyncGenerator<string> {
  // The byte order mark makes Excel read the file as UTF-8 (names with accents).
  yield '\uFEFF' + csvLine(CSV_COLUMNS.map((c) => (TIME_COLUMNS.has(c) ? `${c} (${timeZone})` : c)));
  // Imported participants share their created and updated times: each is formatted once a page.
  const seen = new Map<string, string>();
  const at = (iso: string | null) => {
    if (!iso) return null;
    let text = seen.get(iso);
    if (text === undefined) seen.set(iso, (text = wallClockText(iso, timeZone)));
    return text;
  };
  for await (const rows of pages(db, where)) {
    seen.clear();
    let chunk = '';
    for (const row of rows) {
      const p = toParticipant(row, qrUrlFor);
      chunk += csvLine([
        p.id,
        p.event,
        p.username,
        p.full_name,
        p.email,
        p.phone,
        p.organization,
        p.job_title,
        p.unique_code,
        p.confirmed_attendance,
        at(p.confirmed_at),
        p.notification_sent,
        at(p.notification_sent_at),
        p.qr_code_url,
        row.confirmedAttendance ? qrFileName(row) : '',
        at(p.created_at),
        at(p.updated_at),
      ]);
    }
    yield chunk;
  }
}

/**
 * The participants export (document 2 §7): a zip streamed as it is built, holding participants.csv
 * (every field staff see; times in the event's zone, named in the column titles) and
 * qr/{name}-{code}.png for each confirmed participant. QR images are
 * drawn just ahead of the zip writer, so memory stays flat however large the event is and a slow
 * download slows the drawing instead of piling up images.
 */
export async function exportParticipants(
  db: DbOrTx,
  params: { eventId: number; filters: ParticipantFilters; qrUrlFor: QrUrlFor; qrKeys: QrKeys },
): Promise<Readable> {
  const [event] = await db
    .select({ timeZone: events.timeZone })
    .from(events)
    .where(eq(events.id, params.eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const where = participantWhere(params.eventId, params.filters);
  const zip = new yazl.ZipFile();
  // yazl's typings say NodeJS.ReadableStream; it is a PassThrough, whose writable side yazl fills.
  const output = zip.outputStream as unknown as PassThrough;
  const fail = (err: unknown) => output.destroy(err instanceof Error ? err : new Error(String(err)));

  // The CSV streams as it is read (deflated, with its sizes in a data descriptor after it, which
  // every zip reader takes). The images are added whole once drawn: a stored entry whose sizes
  // come only after its data is refused by streaming readers such as Java's ZipInputStream.
  let csvWritten: () => void = () => {};
  const csvDone = new Promise<void>((resolve) => (csvWritten = resolve));
  output.once('close', csvWritten);
  zip.addReadStreamLazy('participants.csv', (cb) => {
    const csv = Readable.from(csvChunks(db, where, params.qrUrlFor, event.timeZone));
    csv.once('end', csvWritten);
    csv.once('error', fail);
    cb(null, csv);
  });
  // yazl writes an added buffer at once, whatever the download's pace: the next image waits until
  // the output has room (or the download is gone).
  const room = () =>
    output.writableNeedDrain && !output.destroyed
      ? new Promise<void>((resolve) => {
          const done = () => {
            output.off('drain', done);
            output.off('close', done);
            resolve();
          };
          output.once('drain', done);
          output.once('close', done);
        })
      : Promise.resolve();
  void (async () => {
    const sign = await params.qrKeys.signer(db, params.eventId);
    const pool = qrRenderPool();
    // QR images are drawn in batches a little ahead of the zip writer, on the worker threads, so
    // the threads stay busy while memory holds only that window of images.
    const jobs: { names: string[]; pngs: Promise<Buffer[]> }[] = [];
    let ahead = 0;
    let batch: ParticipantRow[] = [];
    const draw = () => {
      if (batch.length === 0) return;
      const pngs = pool.renderMany(
        batch.map((row) => sign({ eventId: params.eventId, participantId: row.id })),
      );
      pngs.catch(() => {}); // reported when its entries are written
      jobs.push({ names: batch.map(qrFileName), pngs });
      ahead += batch.length;
      batch = [];
    };
    const writeOldest = async () => {
      const job = jobs.shift();
      if (!job) return;
      ahead -= job.names.length;
      const pngs = await job.pngs;
      await csvDone;
      for (const [k, name] of job.names.entries()) {
        const png = pngs[k];
        if (!png) throw new Error('QR image missing');
        await room();
        if (output.destroyed) return;
        zip.addBuffer(png, name, { compress: false });
      }
    };
    const confirmed = and(where, eq(participants.confirmedAttendance, true)) ?? where;
    for await (const rows of pages(db, confirmed)) {
      for (const row of rows) {
        // A download abandoned half-way stops the drawing.
        if (output.destroyed) return;
        batch.push(row);
        if (batch.length === DRAW_BATCH) draw();
        while (ahead >= DRAW_AHEAD) await writeOldest();
      }
    }
    draw();
    while (jobs.length > 0) await writeOldest();
    if (!output.destroyed) zip.end();
  })().catch(fail);
  return output;
}
