import { TAG_WIDTH, type TBadgeLayout } from '@attend/shared';

/** PDF points per millimetre. */
export const MM = 72 / 25.4;
const A4: [number, number] = [210 * MM, 297 * MM];

/** A cut mark: a short line on the extension of a badge edge, outside every badge. */
export type CutMark = { x1: number; y1: number; x2: number; y2: number };

export type BadgeSheet = {
  /** Page size in points. */
  page: [number, number];
  /** Badge size in points. */
  badge: { w: number; h: number };
  /** Points per tag pixel (the layout is drawn in tag pixels, 350 × 550). */
  scale: number;
  /** Each badge's top-left corner, in page points from the top-left, filled in this order. */
  slots: { x: number; y: number }[];
  /** The cut marks of each slot (drawn only when the slot holds a badge). */
  marks: CutMark[][];
};

const MARK_OFFSET = 1 * MM;
const MARK_LENGTH = 3 * MM;
const MARK_MIN = 1 * MM;

type Rect = { x: number; y: number; w: number; h: number };

/**
 * The marks at a badge's four corners: each corner gets a horizontal and a vertical line that
 * start a little outside the badge and run away from it, cut short before they would touch
 * another badge or leave the page (and left out when too little room is left).
 */
function cutMarks(own: Rect, all: Rect[], page: [number, number]): CutMark[] {
  const marks: CutMark[] = [];
  const others = all.filter((r) => r !== own);
  const corners = [
    { x: own.x, y: own.y, dx: -1, dy: -1 },
    { x: own.x + own.w, y: own.y, dx: 1, dy: -1 },
    { x: own.x, y: own.y + own.h, dx: -1, dy: 1 },
    { x: own.x + own.w, y: own.y + own.h, dx: 1, dy: 1 },
  ];
  for (const c of corners) {
    // Horizontal: along the badge's top or bottom edge, outward in x.
    let room = c.dx < 0 ? c.x : page[0] - c.x;
    for (const r of others) {
      if (c.y < r.y || c.y > r.y + r.h) continue;
      const gap = c.dx < 0 ? c.x - (r.x + r.w) : r.x - c.x;
      if (gap >= 0) room = Math.min(room, gap - MARK_OFFSET);
    }
    const hLength = Math.min(MARK_LENGTH, room - MARK_OFFSET);
    if (hLength >= MARK_MIN) {
      const start = c.x + c.dx * MARK_OFFSET;
      marks.push({ x1: start, y1: c.y, x2: start + c.dx * hLength, y2: c.y });
    }
    // Vertical: along the badge's left or right edge, outward in y.
    room = c.dy < 0 ? c.y : page[1] - c.y;
    for (const r of others) {
      if (c.x < r.x || c.x > r.x + r.w) continue;
      const gap = c.dy < 0 ? c.y - (r.y + r.h) : r.y - c.y;
      if (gap >= 0) room = Math.min(room, gap - MARK_OFFSET);
    }
    const vLength = Math.min(MARK_LENGTH, room - MARK_OFFSET);
    if (vLength >= MARK_MIN) {
      const start = c.y + c.dy * MARK_OFFSET;
      marks.push({ x1: c.x, y1: start, x2: c.x, y2: start + c.dy * vLength });
    }
  }
  return marks;
}

/** `cols` × `rows` badges of `w` × `h` mm centred on the page, `gap` mm apart. */
function grid(
  page: [number, number],
  size: { w: number; h: number },
  cols: number,
  rows: number,
  gap: number,
  withMarks: boolean,
): BadgeSheet {
  const w = size.w * MM;
  const h = size.h * MM;
  const g = gap * MM;
  const left = (page[0] - (cols * w + (cols - 1) * g)) / 2;
  const top = (page[1] - (rows * h + (rows - 1) * g)) / 2;
  const slots: { x: number; y: number }[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) slots.push({ x: left + col * (w + g), y: top + row * (h + g) });
  }
  const rects = slots.map((s) => ({ ...s, w, h }));
  return {
    page,
    badge: { w, h },
    scale: w / TAG_WIDTH,
    slots,
    marks: rects.map((r) => (withMarks ? cutMarks(r, rects, page) : [])),
  };
}

/**
 * The three sheets. The tag is 3.5 × 5.5 in (88.9 × 139.7 mm) at 100 px to the inch. a4-4 leaves
 * 4 mm between badges for the marks; a4-2's two 100 mm badges share their middle edge (one cut),
 * which keeps 5 mm of paper at each side.
 */
export const BADGE_SHEETS: Record<TBadgeLayout, BadgeSheet> = {
  'a4-4': grid(A4, { w: 88.9, h: 139.7 }, 2, 2, 4, true),
  'a4-2': grid(A4, { w: 100, h: 157.1 }, 2, 1, 0, true),
  single: grid([88.9 * MM, 139.7 * MM], { w: 88.9, h: 139.7 }, 1, 1, 0, false),
};
