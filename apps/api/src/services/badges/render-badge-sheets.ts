import { giveWay } from '../../lib/give-way';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import {
  badgeMessages,
  messages,
  readTagDesign,
  tagLayout,
  type TBadgeLayout,
  type TagColours,
} from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { loadPdfKit } from '../../lib/load-on-use';
import type { StaffActor } from '../../lib/tokens';
import { assertAdmin } from '../auth/staff-access';
import type { QrKeys } from '../qr/event-keys';
import { badgeFonts } from './badge-fonts';
import { badgeLogo } from './badge-logo';
import { BADGE_SHEETS } from './badge-sheet';
import { drawBadge, drawCutMarks } from './draw-badge';
import './pdfkit-extras';

/** Participants read per query: the sheets are drawn while the next page is read. */
const PAGE = 500;

export type BadgeSelection = { participantIds: number[] } | { allConfirmed: true };

type Person = { id: number; fullName: string; organization: string };

const personColumns = {
  id: participants.id,
  fullName: participants.fullName,
  organization: participants.organization,
};

/** The selected participants by id, a page at a time, never anyone of another event. */
async function* people(db: DbOrTx, eventId: number, selection: BadgeSelection): AsyncGenerator<Person[]> {
  if ('participantIds' in selection) {
    const ids = [...selection.participantIds].sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += PAGE) {
      yield await db
        .select(personColumns)
        .from(participants)
        .where(and(eq(participants.eventId, eventId), inArray(participants.id, ids.slice(i, i + PAGE))))
        .orderBy(asc(participants.id));
    }
    return;
  }
  let after = 0;
  for (;;) {
    const rows = await db
      .select(personColumns)
      .from(participants)
      .where(
        and(
          eq(participants.eventId, eventId),
          eq(participants.confirmedAttendance, true),
          gt(participants.id, after),
        ),
      )
      .orderBy(asc(participants.id))
      .limit(PAGE);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

/** How many badges the selection prints; refuses ids outside the event and empty selections. */
async function countSelection(db: DbOrTx, eventId: number, selection: BadgeSelection): Promise<number> {
  if ('participantIds' in selection) {
    const ids = [...new Set(selection.participantIds)];
    if (ids.length === 0) throw new AppError('validation_error', badgeMessages.nothingSelected);
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += PAGE) {
      const rows = await db
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.eventId, eventId), inArray(participants.id, ids.slice(i, i + PAGE))));
      for (const r of rows) found.add(r.id);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      // Unknown ids and ids of another event get the same answer: nothing says which exist.
      const detail = badgeMessages.notInEvent(missing);
      throw new AppError('validation_error', detail, { errors: { participant_ids: [detail] } });
    }
    return ids.length;
  }
  const [row] = await db
    .select({ n: count() })
    .from(participants)
    .where(and(eq(participants.eventId, eventId), eq(participants.confirmedAttendance, true)));
  const n = row?.n ?? 0;
  if (n === 0) throw new AppError('validation_error', badgeMessages.noneConfirmed);
  return n;
}

export type BadgeSheets = {
  filename: string;
  /** Badges the PDF holds (participants removed while it is drawn are left out). */
  count: number;
  /** The PDF, drawn as it is read: a slow reader slows the drawing instead of filling memory. */
  stream: PDFKit.PDFDocument;
};

/**
 * GET /api/events/{id}/badges.pdf: printable badges of the selected (or all confirmed)
 * participants, each drawn from the event's tag design through the shared tag layout with the
 * participant's signed QR credential, laid out on A4 sheets with cut marks or one per page.
 * Everything that can refuse the request is checked before the first byte is sent.
 */
export async function renderBadgeSheets(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  params: { selection: BadgeSelection; layout: TBadgeLayout; qrKeys: QrKeys },
  onError: (err: unknown) => void = () => {},
): Promise<BadgeSheets> {
  assertAdmin(actor);
  return drawBadgeSheets(db, eventId, params, onError);
}

/**
 * The badges PDF of renderBadgeSheets without the caller's check: for callers that decided who may
 * print which badges themselves (the check-in station's single badge).
 */
export async function drawBadgeSheets(
  db: DbOrTx,
  eventId: number,
  params: { selection: BadgeSelection; layout: TBadgeLayout; qrKeys: QrKeys },
  onError: (err: unknown) => void = () => {},
): Promise<BadgeSheets> {
  const [event] = await db
    .select({
      name: events.name,
      eventCode: events.eventCode,
      primaryColor: events.primaryColor,
      secondaryColor: events.secondaryColor,
      accentColor: events.accentColor,
      tagBackgroundColor: events.tagBackgroundColor,
      tagTextColor: events.tagTextColor,
      tagDesign: events.tagDesign,
      logoHash: events.logoHash,
      imageHash: events.imageHash,
      qrPrivateKey: events.qrPrivateKey,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const total = await countSelection(db, eventId, params.selection);

  const design = readTagDesign(event.tagDesign);
  const colours: TagColours = {
    primary: event.primaryColor,
    secondary: event.secondaryColor,
    accent: event.accentColor,
    background: event.tagBackgroundColor,
    text: event.tagTextColor,
  };
  const sign = await params.qrKeys.signer(db, eventId, event.qrPrivateKey);
  let logoData: Buffer | null = null;
  if (design.show_logo && event.logoHash) {
    try {
      logoData = await badgeLogo(db, eventId, event.logoHash);
    } catch (err) {
      onError(err); // a logo that will not decode leaves the badges without it
    }
  }
  let imageData: Buffer | null = null;
  if (design.show_image && event.imageHash) {
    try {
      imageData = await badgeLogo(db, eventId, event.imageHash, 'image');
    } catch (err) {
      onError(err); // likewise the tag image
    }
  }

  const sheet = BADGE_SHEETS[params.layout];
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: sheet.page,
    margin: 0,
    compress: true,
    // ActualText spans (see draw-badge) are PDF 1.5.
    pdfVersion: '1.7',
    info: { Title: `${event.name}: badges`, Creator: 'Attend' },
  });
  const fonts = await badgeFonts(doc);
  const open = (data: Buffer | null): PDFKit.PDFOpenedImage | null => {
    if (!data) return null;
    try {
      return doc.openImage(data);
    } catch (err) {
      onError(err);
      return null;
    }
  };
  const logo = open(logoData);
  const image = open(imageData);

  // PDFKit pushes whatever is drawn; its stream asks for more (_read) once the reader has taken
  // what was queued. Drawing waits for that when a page's worth is waiting unread.
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  doc._read = resume;
  doc.once('close', resume);
  const drained = async () => {
    while (doc.readableLength >= doc.readableHighWaterMark && !doc.destroyed) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };

  void (async () => {
    const content = {
      eventName: event.name,
      eventCode: event.eventCode,
      logo: logo !== null,
      image: image !== null,
    };
    let slot = 0;
    const pages = people(db, eventId, params.selection);
    let next = pages.next();
    for (;;) {
      const page = await next;
      if (page.done) break;
      next = pages.next(); // read ahead while this page is drawn
      next.catch(() => {}); // a failure is met where it is awaited (or not at all once stopped)
      for (const person of page.value) {
        if (doc.destroyed) return;
        if (slot === 0) doc.addPage({ size: sheet.page, margin: 0 });
        const at = sheet.slots[slot] ?? { x: 0, y: 0 };
        const boxes = tagLayout(design, colours, {
          ...content,
          name: person.fullName,
          organization: person.organization,
        });
        await fonts.ensure(boxes);
        drawBadge(
          doc,
          fonts,
          { boxes, logo, image, credential: sign({ eventId, participantId: person.id }) },
          { ...at, scale: sheet.scale },
        );
        drawCutMarks(doc, sheet.marks[slot] ?? []);
        slot = (slot + 1) % sheet.slots.length;
        if (slot === 0) {
          await drained();
          await giveWay(); // let other requests in between sheets
        }
      }
    }
    if (doc.destroyed) return;
    doc.end();
  })().catch((err: unknown) => {
    onError(err);
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  const code = event.eventCode.replace(/[^A-Za-z0-9_-]+/g, '') || 'event';
  return { filename: `badges-${code}.pdf`, count: total, stream: doc };
}
