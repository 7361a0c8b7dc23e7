import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import {
  certificateDates,
  certificateDay,
  certificateLayout,
  certificateMessages,
  isLanguage,
  messages,
  readCertificateDesign,
  type CertificateBox,
  type TagColours,
} from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { certificates, events, participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { giveWay } from '../../lib/give-way';
import { loadPdfKit } from '../../lib/load-on-use';
import { badgeFonts, type BadgeFonts } from '../badges/badge-fonts';
import { badgeLogo } from '../badges/badge-logo';
import { drawLine, drawQr } from '../badges/draw-badge';
import '../badges/pdfkit-extras';
import { verifyUrl } from './certificate-content';

/** Certificates read per query: one page is drawn while the next is read. */
const PAGE = 200;

const HEX = /^#[0-9a-fA-F]{6}$/;
const colour = (value: string) => (HEX.test(value) ? value : '#000000');

export type CertificateSelection = { all: true } | { certificateId: string } | { participantId: number };

type Pictures = {
  logo: PDFKit.PDFOpenedImage | null;
  image: PDFKit.PDFOpenedImage | null;
  signature: PDFKit.PDFOpenedImage | null;
};

/** One certificate's boxes on the current page. */
function drawCertificate(
  doc: PDFKit.PDFDocument,
  fonts: BadgeFonts,
  boxes: CertificateBox[],
  pictures: Pictures,
  qrText: string,
) {
  for (const box of boxes) {
    switch (box.kind) {
      case 'rect':
        doc.rect(box.x, box.y, box.w, box.h).fill(colour(box.fill));
        break;
      case 'frame': {
        const half = box.width / 2;
        doc
          .lineWidth(box.width)
          .rect(box.x + half, box.y + half, box.w - box.width, box.h - box.width)
          .stroke(colour(box.stroke));
        break;
      }
      case 'text':
        box.lines.forEach((line, i) => drawLine(doc, fonts, box, line, box.y + i * box.lineHeight));
        break;
      case 'logo':
        if (pictures.logo) {
          doc.image(pictures.logo, box.x, box.y, {
            fit: [box.size, box.size],
            align: 'center',
            valign: 'center',
          });
        }
        break;
      case 'image': {
        const picture = box.role === 'signature' ? pictures.signature : pictures.image;
        if (!picture) break;
        doc.save();
        doc.rect(box.x, box.y, box.w, box.h).clip();
        const size: [number, number] = [box.w, box.h];
        doc.image(picture, box.x, box.y, {
          ...(box.fit === 'cover' ? { cover: size } : { fit: size }),
          align: 'center',
          valign: 'center',
        });
        doc.restore();
        break;
      }
      case 'qr':
        drawQr(doc, box, qrText);
        break;
    }
  }
}

export type CertificatePdf = {
  filename: string;
  /** The PDF, drawn as it is read: a slow reader slows the drawing instead of filling memory. */
  stream: PDFKit.PDFDocument;
};

/**
 * The PDF of an event's certificates that are not withdrawn (all, one, or one participant's), one
 * A4 landscape page each, in the holder's language, drawn from the shared certificate layout with
 * the badge fonts (every script a name comes in) and a QR code of the certificate's verify URL.
 * The caller has decided who may have which; anything that refuses is checked before the first byte.
 */
export async function renderCertificates(
  db: DbOrTx,
  eventId: number,
  selection: CertificateSelection,
  publicUrl: string,
  onError: (err: unknown) => void = () => {},
): Promise<CertificatePdf> {
  const [event] = await db
    .select({
      name: events.name,
      eventCode: events.eventCode,
      timeZone: events.timeZone,
      primaryColor: events.primaryColor,
      secondaryColor: events.secondaryColor,
      accentColor: events.accentColor,
      tagBackgroundColor: events.tagBackgroundColor,
      tagTextColor: events.tagTextColor,
      logoHash: events.logoHash,
      imageHash: events.imageHash,
      certificateDesign: events.certificateDesign,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const scope = and(
    eq(certificates.eventId, eventId),
    isNull(certificates.withdrawnAt),
    'certificateId' in selection ? eq(certificates.id, selection.certificateId) : undefined,
    'participantId' in selection ? eq(certificates.participantId, selection.participantId) : undefined,
  );
  const [first] = await db.select({ id: certificates.id }).from(certificates).where(scope).limit(1);
  if (!first) {
    throw new AppError(
      'not_found',
      'all' in selection
        ? certificateMessages.noCertificates
        : 'participantId' in selection
          ? certificateMessages.noCertificateYet
          : certificateMessages.certificateNotFound,
    );
  }
  const design = readCertificateDesign(event.certificateDesign);
  const colours: TagColours = {
    primary: event.primaryColor,
    secondary: event.secondaryColor,
    accent: event.accentColor,
    background: event.tagBackgroundColor,
    text: event.tagTextColor,
  };
  const read = async (hash: string | null, source: 'logo' | 'image' | 'signature', wanted: boolean) => {
    if (!hash || !wanted) return null;
    try {
      return await badgeLogo(db, eventId, hash, source);
    } catch (err) {
      onError(err); // a picture that will not decode leaves the certificates without it
      return null;
    }
  };
  const [logoData, imageData, signatureData] = await Promise.all([
    read(event.logoHash, 'logo', design.show_logo),
    read(event.imageHash, 'image', design.show_image),
    read(design.signature_hash, 'signature', true),
  ]);

  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    compress: true,
    pdfVersion: '1.7',
    info: { Title: `${event.name}: certificates of attendance`, Creator: 'Attend' },
  });
  const fonts = await badgeFonts(doc);
  const open = (data: Buffer | null) => {
    if (!data) return null;
    try {
      return doc.openImage(data);
    } catch (err) {
      onError(err);
      return null;
    }
  };
  const pictures: Pictures = { logo: open(logoData), image: open(imageData), signature: open(signatureData) };

  // Drawing waits for the reader when a page's worth is waiting unread (as the badge sheets do).
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

  let count = 0;
  void (async () => {
    let after = '';
    for (;;) {
      const rows = await db
        .select({ c: certificates, language: participants.language })
        .from(certificates)
        .innerJoin(participants, eq(participants.id, certificates.participantId))
        .where(and(scope, gt(certificates.id, after)))
        .orderBy(asc(certificates.id))
        .limit(PAGE);
      for (const { c, language: stored } of rows) {
        if (doc.destroyed) return;
        const language = isLanguage(stored) ? stored : 'en';
        const url = verifyUrl(publicUrl, c.id);
        const boxes = certificateLayout(design, colours, {
          name: c.fullName,
          organization: c.organization,
          eventName: c.eventName,
          when: certificateDates(c.startDate, c.endDate, event.timeZone, language),
          place: c.location,
          attended: c.attended,
          issuedOn: certificateDay(c.issuedAt, event.timeZone, language),
          verifyUrl: url,
          language,
          logo: pictures.logo !== null,
          image: pictures.image !== null,
          signature: pictures.signature !== null,
        });
        await fonts.ensure(boxes);
        doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
        drawCertificate(doc, fonts, boxes, pictures, url);
        count++;
        await drained();
        if (count % 10 === 0) await giveWay(); // let other requests in
      }
      const last = rows[rows.length - 1];
      if (!last || rows.length < PAGE) break;
      after = last.c.id;
    }
    if (doc.destroyed) return;
    doc.end();
  })().catch((err: unknown) => {
    onError(err);
    doc.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  const code = event.eventCode.replace(/[^A-Za-z0-9_-]+/g, '') || 'event';
  const filename = 'all' in selection ? `certificates-${code}.pdf` : `certificate-${code}-${first.id}.pdf`;
  return { filename, stream: doc };
}
