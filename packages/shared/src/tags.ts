import { z } from 'zod';
import { messages } from './messages';

/**
 * The event tag (document 2 "Tag design page", §3 and §9; document 1 "Event tag page"): one layout
 * description, drawn by the designer's preview, the participant's tag page (and its PNG) and the
 * server's badge sheets, so all three look the same.
 */

/** The tag's size in CSS pixels; printed as 3.5 × 5.5 inches (100 px to the inch). */
export const TAG_WIDTH = 350;
export const TAG_HEIGHT = 550;
/** The accent bar's thickness. */
export const TAG_ACCENT_BAR = 12;

export const TAG_LAYOUTS = ['modern', 'classic', 'minimal'] as const;
export const TAG_QR_POSITIONS = ['center', 'bottom-right', 'top-right'] as const;
export const TAG_QR_SIZES = { small: 80, medium: 100, large: 120 } as const;
export const TAG_LOGO_SIZES = [40, 60, 80] as const;
export type TagLayoutName = (typeof TAG_LAYOUTS)[number];
export type TagQrPosition = (typeof TAG_QR_POSITIONS)[number];
export type TagQrSize = keyof typeof TAG_QR_SIZES;

/** A colour as the API stores it: `#rrggbb`. */
export const zHexColour = z
  .string({ error: messages.invalidColour })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, messages.invalidColour);

const enumOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

/** `tag_design` on an event: every key optional on input, the defaults fill the rest. */
export const ZTagDesign = z.strictObject(
  {
    border_radius: z
      .number({ error: messages.tagBorderRadius })
      .int(messages.tagBorderRadius)
      .min(0, messages.tagBorderRadius)
      .max(24, messages.tagBorderRadius)
      .optional(),
    layout: enumOf(TAG_LAYOUTS, 'Layout').optional(),
    qr_position: enumOf(TAG_QR_POSITIONS, 'QR position').optional(),
    qr_size: enumOf(['small', 'medium', 'large'], 'QR size').optional(),
    logo_size: z
      .union([z.literal(40), z.literal(60), z.literal(80)], { error: 'Logo size must be 40, 60 or 80' })
      .optional(),
    show_logo: z.boolean({ error: 'Show Logo must be true or false' }).optional(),
    show_organization: z.boolean({ error: 'Show Organization must be true or false' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown tag design field: ${issue.keys.join(', ')}` : undefined,
  },
);
export type TTagDesignInput = z.input<typeof ZTagDesign>;

export type TagDesign = {
  border_radius: number;
  layout: TagLayoutName;
  qr_position: TagQrPosition;
  qr_size: TagQrSize;
  logo_size: 40 | 60 | 80;
  show_logo: boolean;
  show_organization: boolean;
};

/** Document 2 §3's defaults: radius 8, layout modern, QR size large, QR centred. */
export const DEFAULT_TAG_DESIGN: TagDesign = {
  border_radius: 8,
  layout: 'modern',
  qr_position: 'center',
  qr_size: 'large',
  logo_size: 60,
  show_logo: true,
  show_organization: true,
};

export type TagColours = {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
};

/**
 * The full design from what an event stores: unknown or out-of-range values fall back to the
 * default, and designs saved under the earlier camelCase keys (borderRadius, qrCodePosition, …)
 * are read too.
 */
export function readTagDesign(stored: unknown): TagDesign {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const pick = <T>(ok: (v: unknown) => v is T, fallback: T, ...keys: string[]): T => {
    for (const k of keys) if (ok(s[k])) return s[k];
    return fallback;
  };
  const radius = Number.parseFloat(String(s.border_radius ?? s.borderRadius ?? ''));
  const qrSize = pick(
    (v): v is TagQrSize => typeof v === 'string' && v in TAG_QR_SIZES,
    DEFAULT_TAG_DESIGN.qr_size,
    'qr_size',
    'qrCodeSize',
  );
  return {
    border_radius: Number.isFinite(radius) ? Math.min(24, Math.max(0, Math.round(radius))) : 8,
    layout: pick(
      (v): v is TagLayoutName => TAG_LAYOUTS.includes(v as TagLayoutName),
      DEFAULT_TAG_DESIGN.layout,
      'layout',
    ),
    qr_position: pick(
      (v): v is TagQrPosition => TAG_QR_POSITIONS.includes(v as TagQrPosition),
      DEFAULT_TAG_DESIGN.qr_position,
      'qr_position',
      'qrCodePosition',
    ),
    qr_size: qrSize,
    logo_size: pick(
      (v): v is 40 | 60 | 80 => TAG_LOGO_SIZES.includes(v as 40),
      DEFAULT_TAG_DESIGN.logo_size,
      'logo_size',
      'logoSize',
    ),
    show_logo: pick((v): v is boolean => typeof v === 'boolean', true, 'show_logo', 'showLogo'),
    show_organization: pick(
      (v): v is boolean => typeof v === 'boolean',
      true,
      'show_organization',
      'showOrganization',
    ),
  };
}

/** What a tag shows. `logo` says whether a logo image exists to draw. */
export type TagContent = {
  eventName: string;
  name: string;
  organization: string;
  eventCode: string;
  logo: boolean;
};

export type TagFont = 'regular' | 'bold';

/** One thing to draw, in tag pixels from the top-left corner; drawn in this order. */
export type TagBox =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string; radius?: number }
  | {
      kind: 'frame';
      x: number;
      y: number;
      w: number;
      h: number;
      stroke: string;
      width: number;
      radius: number;
    }
  | {
      kind: 'text';
      role: 'event' | 'name' | 'organization' | 'code';
      x: number;
      y: number;
      w: number;
      /** Already broken into lines that fit `w` at `size`; each is drawn on its own. */
      lines: string[];
      size: number;
      lineHeight: number;
      font: TagFont;
      colour: string;
      align: 'left' | 'center';
      /** Letter spacing in pixels (the event code is spaced out). */
      tracking?: number;
    }
  | { kind: 'logo'; x: number; y: number; size: number }
  | { kind: 'qr'; x: number; y: number; size: number };

/** CJK, kana, Hangul and full-width forms take a full em; the rest about half. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const NARROW = /[iljtfrI.,:;'|!\s]/u;
const COMBINING =
  /[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963]/u;

/**
 * A generous estimate of a string's width in ems in Noto Sans (bold is a little wider), so that
 * lines broken here fit when drawn.
 */
export function textWidthEm(text: string, font: TagFont = 'regular'): number {
  let em = 0;
  for (const ch of text) {
    if (COMBINING.test(ch)) continue;
    if (WIDE.test(ch)) em += 1;
    else if (NARROW.test(ch)) em += 0.32;
    else if (/[A-Z0-9MWmw@#%&]/u.test(ch)) em += 0.7;
    else em += 0.6;
  }
  return font === 'bold' ? em * 1.08 : em;
}

/** Splits text into lines of at most `maxEm` ems, at spaces, or anywhere in unspaced CJK text. */
function breakLines(text: string, maxEm: number, font: TagFont): string[] {
  const words = text.split(/\s+/u).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    const candidate = line ? `${line} ${piece}` : piece;
    if (!line || textWidthEm(candidate, font) <= maxEm) line = candidate;
    else {
      lines.push(line);
      line = piece;
    }
  };
  for (const word of words) {
    if (textWidthEm(word, font) <= maxEm || !WIDE.test(word)) {
      push(word);
      continue;
    }
    // A long run of CJK text has no spaces: break between characters.
    for (const ch of word) {
      if (line && textWidthEm(line + ch, font) > maxEm) {
        lines.push(line);
        line = ch;
      } else line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest size from `max` down to `min` at which the text fits `width` in at most `maxLines`
 * lines; at `min` the last line is cut with an ellipsis. Deterministic, so every renderer breaks
 * the same lines.
 */
export function fitText(
  text: string,
  width: number,
  opts: { max: number; min: number; maxLines: number; font: TagFont },
): { size: number; lines: string[] } {
  const clean = text.replace(/\s+/gu, ' ').trim();
  if (!clean) return { size: opts.max, lines: [] };
  for (let size = opts.max; size >= opts.min; size -= 1) {
    const lines = breakLines(clean, width / size, opts.font);
    if (lines.length <= opts.maxLines && lines.every((l) => textWidthEm(l, opts.font) * size <= width)) {
      return { size, lines };
    }
  }
  const lines = breakLines(clean, width / opts.min, opts.font).slice(0, opts.maxLines);
  const last = lines.length - 1;
  let cut = lines[last] ?? '';
  while (cut.length > 1 && textWidthEm(`${cut}…`, opts.font) * opts.min > width) cut = cut.slice(0, -1);
  lines[last] = `${cut.trimEnd()}…`;
  return { size: opts.min, lines };
}

/** The title's size on the participant's tag page: smaller above 25, 40 and 50 characters. */
export function tagTitleSize(title: string): number {
  const n = [...title].length;
  if (n > 50) return 16;
  if (n > 40) return 18;
  if (n > 25) return 20;
  return 24;
}

type TextBox = Extract<TagBox, { kind: 'text' }>;
type TextStyle = {
  max: number;
  min: number;
  maxLines: number;
  font: TagFont;
  colour: string;
  align: 'left' | 'center';
};

function textBox(
  role: TextBox['role'],
  text: string,
  at: { x: number; y: number; w: number },
  style: TextStyle,
  tracking?: number,
): TextBox {
  const fit = fitText(text, at.w, style);
  return {
    kind: 'text',
    role,
    ...at,
    lines: fit.lines,
    size: fit.size,
    lineHeight: Math.round(fit.size * 1.25),
    font: style.font,
    colour: style.colour,
    align: style.align,
    ...(tracking ? { tracking } : {}),
  };
}

const heightOf = (b: TextBox) => b.lineHeight * b.lines.length;

/** The boxes of one tag, from its design, colours and content. Three layouts, each its own arrangement. */
export function tagLayout(design: TagDesign, colours: TagColours, content: TagContent): TagBox[] {
  const W = TAG_WIDTH;
  const H = TAG_HEIGHT;
  const qr = TAG_QR_SIZES[design.qr_size];
  const logo = design.show_logo && content.logo ? design.logo_size : 0;
  const topRight = design.qr_position === 'top-right';
  const boxes: TagBox[] = [
    { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: colours.background, radius: design.border_radius },
  ];
  const pad = 24;
  /** Adds a text box; answers where it ends. */
  const put = (b: TextBox) => {
    boxes.push(b);
    return b.y + heightOf(b);
  };
  const qrBox = (top: number, bottom: number) => {
    if (topRight) return { kind: 'qr' as const, x: W - pad - qr, y: top, size: qr };
    if (design.qr_position === 'bottom-right')
      return { kind: 'qr' as const, x: W - pad - qr, y: bottom - qr, size: qr };
    return { kind: 'qr' as const, x: (W - qr) / 2, y: Math.round((top + bottom - qr) / 2), size: qr };
  };
  const code = (y: number, colour: string, align: 'left' | 'center', x = pad, w = W - 2 * pad) =>
    put(
      textBox(
        'code',
        content.eventCode,
        { x, y, w },
        { max: 13, min: 10, maxLines: 1, font: 'bold', colour, align },
        2,
      ),
    );
  /** The participant's name and, when shown, organisation below it; answers where they end. */
  const nameBlock = (
    at: { x: number; y: number; w: number },
    align: 'left' | 'center',
    sizes: { name: number; nameMin: number; org: number; gap: number },
  ) => {
    let y = put(
      textBox('name', content.name, at, {
        max: sizes.name,
        min: sizes.nameMin,
        maxLines: 2,
        font: 'bold',
        colour: colours.text,
        align,
      }),
    );
    if (design.show_organization && content.organization) {
      y = put(
        textBox(
          'organization',
          content.organization,
          { ...at, y: y + sizes.gap },
          { max: sizes.org, min: 11, maxLines: 2, font: 'regular', colour: colours.text, align },
        ),
      );
    }
    return y;
  };

  if (design.layout === 'modern') {
    // A primary header band under the accent bar, the logo and event name in it; the name large
    // and centred below; the QR where chosen.
    const band = 120;
    boxes.push({
      kind: 'rect',
      x: 0,
      y: 0,
      w: W,
      h: band,
      fill: colours.primary,
      radius: design.border_radius,
    });
    // Square lower corners for the band.
    boxes.push({
      kind: 'rect',
      x: 0,
      y: band - design.border_radius,
      w: W,
      h: design.border_radius,
      fill: colours.primary,
    });
    boxes.push({ kind: 'rect', x: 0, y: 0, w: W, h: TAG_ACCENT_BAR, fill: colours.accent, radius: 0 });
    if (logo) boxes.push({ kind: 'logo', x: pad, y: (TAG_ACCENT_BAR + band - logo) / 2, size: logo });
    const titleX = logo ? pad + logo + 12 : pad;
    const title = textBox(
      'event',
      content.eventName,
      { x: titleX, y: 0, w: W - titleX - pad },
      {
        max: 20,
        min: 12,
        maxLines: 2,
        font: 'bold',
        colour: colours.secondary,
        align: logo ? 'left' : 'center',
      },
    );
    title.y = Math.round((TAG_ACCENT_BAR + band - heightOf(title)) / 2);
    put(title);
    const top = band + 28;
    const y = nameBlock(
      { x: pad, y: top, w: topRight ? W - 2 * pad - qr - 12 : W - 2 * pad },
      topRight ? 'left' : 'center',
      { name: 32, nameMin: 16, org: 16, gap: 8 },
    );
    const footer = H - 56;
    boxes.push({ kind: 'rect', x: pad, y: footer, w: W - 2 * pad, h: 2, fill: colours.accent });
    code(footer + 16, colours.text, 'center');
    boxes.push(qrBox(topRight ? top : Math.max(y + 20, 260), footer - 20));
    return boxes;
  }

  if (design.layout === 'classic') {
    // A framed card: the accent bar at the foot, the logo centred at the top, the event name in
    // primary on the secondary colour, a rule, then the name and organisation, the QR and the code.
    const inset = 10;
    boxes.push({
      kind: 'frame',
      x: inset,
      y: inset,
      w: W - 2 * inset,
      h: H - 2 * inset - TAG_ACCENT_BAR,
      stroke: colours.primary,
      width: 3,
      radius: Math.max(0, design.border_radius - inset / 2),
    });
    boxes.push({ kind: 'rect', x: 0, y: H - TAG_ACCENT_BAR, w: W, h: TAG_ACCENT_BAR, fill: colours.accent });
    let y = inset + 18;
    if (logo) {
      boxes.push({ kind: 'logo', x: (W - logo) / 2, y, size: logo });
      y += logo + 10;
    }
    y = put(
      textBox(
        'event',
        content.eventName,
        { x: pad + 8, y, w: W - 2 * pad - 16 },
        { max: 18, min: 12, maxLines: 2, font: 'bold', colour: colours.primary, align: 'center' },
      ),
    );
    boxes.push({ kind: 'rect', x: W / 2 - 40, y: y + 10, w: 80, h: 3, fill: colours.accent });
    const top = y + 30;
    y = nameBlock(
      { x: pad + 8, y: top, w: topRight ? W - 2 * pad - qr - 20 : W - 2 * pad - 16 },
      topRight ? 'left' : 'center',
      { name: 28, nameMin: 15, org: 15, gap: 6 },
    );
    const codeY = H - TAG_ACCENT_BAR - inset - 34;
    code(codeY, colours.primary, 'center');
    const qrAt = qrBox(topRight ? top : y + 18, codeY - 14);
    // Inside the frame's inset.
    if (design.qr_position !== 'center') qrAt.x -= 8;
    boxes.push(qrAt);
    return boxes;
  }

  // Minimal: a plain card, the accent bar down the left edge, everything left-aligned.
  boxes.push({ kind: 'rect', x: 0, y: 0, w: TAG_ACCENT_BAR, h: H, fill: colours.accent, radius: 0 });
  const left = TAG_ACCENT_BAR + 20;
  const width = W - left - pad;
  let y = 28;
  if (logo) {
    boxes.push({ kind: 'logo', x: left, y, size: logo });
    y += logo + 14;
  }
  y = put(
    textBox(
      'event',
      content.eventName,
      { x: left, y, w: width },
      { max: 14, min: 11, maxLines: 2, font: 'regular', colour: colours.primary, align: 'left' },
    ),
  );
  const top = y + 28;
  y = nameBlock({ x: left, y: top, w: topRight ? width - qr - 12 : width }, 'left', {
    name: 34,
    nameMin: 16,
    org: 15,
    gap: 6,
  });
  const codeY = H - 44;
  code(codeY, colours.text, 'left', left, width);
  const qrAt = qrBox(topRight ? top : y + 24, codeY - 16);
  if (design.qr_position === 'center') qrAt.x = left + (width - qr) / 2;
  boxes.push(qrAt);
  return boxes;
}

/** The colours of an event's tag from its stored fields. */
export function tagColoursOf(event: {
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  tag_background_color: string;
  tag_text_color: string;
}): TagColours {
  return {
    primary: event.primary_color,
    secondary: event.secondary_color,
    accent: event.accent_color,
    background: event.tag_background_color,
    text: event.tag_text_color,
  };
}
