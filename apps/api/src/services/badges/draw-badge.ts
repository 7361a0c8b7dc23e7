import QRCode from 'qrcode';
import { TAG_HEIGHT, TAG_WIDTH, type TagBox } from '@attend/shared';
import type { BadgeFonts } from './badge-fonts';
import type { CutMark } from './badge-sheet';
import { visualRuns } from './text-runs';
import './pdfkit-extras';

/** White modules around the QR code (the standard's 4 would shrink the code on a small badge). */
const QR_QUIET_MODULES = 2;
const HEX = /^#[0-9a-fA-F]{6}$/;
/** Text whose glyphs map back to it one by one, in order. */
const PLAIN = /^[\x20-\x7e]*$/;

/** A stored colour as PDFKit takes it; anything unreadable draws black rather than failing a print. */
function colour(value: string): string {
  return HEX.test(value) ? value : '#000000';
}

/** A number for a content stream: two decimals are well below a printer's dot. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A text box to draw: the tag's, or any other document's built the same way (certificates). */
type TextBox = Omit<Extract<TagBox, { kind: 'text' }>, 'role'>;

/** A glyph's placement from fontkit's layout, in thousandths of an em (PDFKit scales them so). */
type GlyphPosition = { xAdvance: number; xOffset: number; yOffset: number; advanceWidth: number };
/** PDFKit's embedded font: it shapes text into subset glyph codes and keeps their Unicode map. */
type EmbeddedFont = {
  id: string;
  encode(text: string, features: string[]): [string[], GlyphPosition[]];
  ref(): unknown;
};

/** The document's current font after selecting `name` (PDFKit keeps it in a private field). */
function embeddedFont(doc: PDFKit.PDFDocument, name: string): EmbeddedFont {
  doc.font(name);
  return (doc as unknown as { _font: EmbeddedFont })._font;
}

/**
 * The text operators of one run at (x, baseline), as PDFKit writes them (glyph codes with advance
 * adjustments, the text matrix moved for glyphs with offsets such as Arabic and Devanagari marks)
 * but in the badge's y-down space (the text matrix flips the glyphs upright) and with letter
 * spacing in the placement. Returns the x after the run.
 */
function runOperators(
  out: string[],
  shaped: { font: EmbeddedFont; codes: string[]; positions: GlyphPosition[] },
  at: { x: number; baseline: number; size: number; tracking: number },
): number {
  const scale = at.size / 1000;
  const { codes, positions } = shaped;
  let x = at.x;
  const moveTo = (px: number, py: number) => out.push(`1 0 0 -1 ${n(px)} ${n(py)} Tm`);
  out.push(`/${shaped.font.id} ${n(at.size)} Tf`);
  moveTo(x, at.baseline);
  let segment: string[] = [];
  let last = 0;
  const addSegment = (end: number) => {
    const pos = positions[end - 1];
    if (last < end && pos)
      segment.push(`<${codes.slice(last, end).join('')}> ${n(pos.advanceWidth - pos.xAdvance)}`);
    last = end;
  };
  const flush = (end: number) => {
    addSegment(end);
    if (segment.length > 0) out.push(`[${segment.join(' ')}] TJ`);
    segment = [];
  };
  let moved = false;
  positions.forEach((pos, i) => {
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      moveTo(x + pos.xOffset * scale, at.baseline - pos.yOffset * scale);
      flush(i + 1);
      moved = true;
    } else {
      if (moved) moveTo(x, at.baseline);
      moved = false;
      if (pos.xAdvance !== pos.advanceWidth) addSegment(i + 1);
    }
    x += pos.xAdvance * scale + at.tracking;
  });
  flush(positions.length);
  return x;
}

/**
 * One line of a text box: split into font and direction runs, shaped by fontkit, shrunk when the
 * real glyphs are wider than the box (the shared layout breaks lines on an estimate) and placed on
 * the baseline a browser would use for Noto Sans in a line box of `lineHeight`.
 *
 * Left-to-right runs beyond plain ASCII carry their text as ActualText, so that copying or
 * extracting gives it as typed whatever the glyph order (a Devanagari vowel sign is drawn before
 * the consonant it follows). Right-to-left runs do not: their glyphs are in visual order and
 * extractors reverse them from the glyphs' own Unicode map (poppler reverses an ActualText too,
 * which would turn the name around). The operators are written here rather than through PDFKit's
 * text(), which wraps each run in its own graphics state: extractors read an ActualText span in
 * the state where it ends.
 */
export function drawLine(
  doc: PDFKit.PDFDocument,
  fonts: BadgeFonts,
  box: TextBox,
  line: string,
  top: number,
) {
  const runs = visualRuns(line, fonts.has).map((run) => {
    const font = embeddedFont(doc, fonts.font(run.family, box.font));
    // Features given, so the run is shaped whole (PDFKit otherwise shapes word by word).
    const [codes, positions] = font.encode(run.text, []);
    const advance = positions.reduce((sum, p) => sum + p.xAdvance, 0);
    return { ...run, font, codes, positions, advance };
  });
  const glyphs = runs.reduce((sum, r) => sum + r.codes.length, 0);
  if (glyphs === 0) return;
  let size = box.size;
  let tracking = box.tracking ?? 0;
  const widthAt = () => runs.reduce((sum, r) => sum + (r.advance * size) / 1000, 0) + tracking * (glyphs - 1);
  const natural = widthAt();
  if (natural > box.w) {
    size *= box.w / natural;
    tracking *= box.w / natural;
  }
  const width = widthAt();
  const baseline = top + (box.lineHeight - (fonts.ascent + fonts.descent) * size) / 2 + fonts.ascent * size;
  let x = box.align === 'center' ? box.x + (box.w - width) / 2 : box.x;
  doc.fillColor(colour(box.colour));
  for (const run of runs) {
    (doc.page.fonts as Record<string, unknown>)[run.font.id] = run.font.ref();
    const out = ['BT', `${n(tracking)} Tc`];
    x = runOperators(out, run, { x, baseline, size, tracking });
    out.push('ET');
    const actual = !run.rtl && !PLAIN.test(run.text);
    if (actual) doc.markContent('Span', { actual: run.text });
    doc.addContent(out.join('\n'));
    if (actual) doc.endMarkedContent();
  }
}

/** The QR code as vector modules (one rectangle per horizontal run of dark modules) on white. */
export function drawQr(doc: PDFKit.PDFDocument, box: { x: number; y: number; size: number }, text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const m = box.size / (count + 2 * QR_QUIET_MODULES);
  const left = box.x + QR_QUIET_MODULES * m;
  const top = box.y + QR_QUIET_MODULES * m;
  doc.rect(box.x, box.y, box.size, box.size).fill('#ffffff');
  const ops: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count;) {
      if (!modules.data[row * count + col]) {
        col++;
        continue;
      }
      let end = col;
      while (end + 1 < count && modules.data[row * count + end + 1]) end++;
      ops.push(`${n(left + col * m)} ${n(top + row * m)} ${n((end - col + 1) * m)} ${n(m)} re`);
      col = end + 1;
    }
  }
  doc.fillColor('#000000');
  doc.addContent(`${ops.join('\n')}\nf`);
}

export type BadgeArt = {
  boxes: TagBox[];
  /** The signed check-in credential the QR code carries. */
  credential: string;
  logo: PDFKit.PDFOpenedImage | null;
  /** The tag design's image, when the event has one. */
  image?: PDFKit.PDFOpenedImage | null;
};

/**
 * Draws one badge from the shared tag layout at `at` (page points), `scale` points per tag pixel:
 * everything is clipped to the tag's rounded outline, as the browser clips the preview.
 */
export function drawBadge(
  doc: PDFKit.PDFDocument,
  fonts: BadgeFonts,
  art: BadgeArt,
  at: { x: number; y: number; scale: number },
) {
  doc.save();
  doc.transform(at.scale, 0, 0, at.scale, at.x, at.y);
  const outline = art.boxes[0];
  const radius = outline?.kind === 'rect' ? (outline.radius ?? 0) : 0;
  doc.roundedRect(0, 0, TAG_WIDTH, TAG_HEIGHT, radius).clip();
  for (const box of art.boxes) {
    switch (box.kind) {
      case 'rect':
        doc.roundedRect(box.x, box.y, box.w, box.h, box.radius ?? 0).fill(colour(box.fill));
        break;
      case 'frame': {
        // A CSS border lies inside its box; a PDF stroke is centred on its path.
        const half = box.width / 2;
        doc
          .lineWidth(box.width)
          .roundedRect(
            box.x + half,
            box.y + half,
            box.w - box.width,
            box.h - box.width,
            Math.max(0, box.radius - half),
          )
          .stroke(colour(box.stroke));
        break;
      }
      case 'text':
        box.lines.forEach((line, i) => drawLine(doc, fonts, box, line, box.y + i * box.lineHeight));
        break;
      case 'logo':
        if (art.logo) {
          doc.image(art.logo, box.x, box.y, { fit: [box.size, box.size], align: 'center', valign: 'center' });
        }
        break;
      case 'image':
        if (art.image) {
          // Clipped to its box, as the browser's object-fit clips it.
          doc.save();
          doc.rect(box.x, box.y, box.w, box.h).clip();
          const size: [number, number] = [box.w, box.h];
          // PDFKit's `fit` is CSS's `contain`.
          doc.image(art.image, box.x, box.y, {
            ...(box.fit === 'cover' ? { cover: size } : { fit: size }),
            align: 'center',
            valign: 'center',
          });
          doc.restore();
        }
        break;
      case 'qr':
        drawQr(doc, box, art.credential);
        break;
    }
  }
  doc.restore();
}

/** Thin black cut marks. */
export function drawCutMarks(doc: PDFKit.PDFDocument, marks: CutMark[]) {
  if (marks.length === 0) return;
  doc.save();
  doc.lineWidth(0.5).strokeColor('#000000');
  for (const mark of marks) doc.moveTo(mark.x1, mark.y1).lineTo(mark.x2, mark.y2);
  doc.stroke();
  doc.restore();
}
