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

export const TAG_IMAGE_SIZES = ['small', 'medium', 'large'] as const;
export const TAG_IMAGE_POSITIONS = ['top', 'background'] as const;
export type TagImageSize = (typeof TAG_IMAGE_SIZES)[number];
export type TagImagePosition = (typeof TAG_IMAGE_POSITIONS)[number];
/** The height of the image band across the top of the tag, by image size. */
export const TAG_IMAGE_TOP_HEIGHTS = { small: 60, medium: 90, large: 120 } as const;
/** Name and organisation text sizes, in tag pixels: the largest the long-name fitting starts from. */
export const TAG_NAME_SIZE = { min: 16, max: 48 } as const;
export const TAG_ORGANIZATION_SIZE = { min: 10, max: 24 } as const;

export type TagDesign = {
  border_radius: number;
  layout: TagLayoutName;
  qr_position: TagQrPosition;
  qr_size: TagQrSize;
  logo_size: 40 | 60 | 80;
  show_logo: boolean;
  show_organization: boolean;
  show_name: boolean;
  name_size: number;
  organization_size: number;
  show_image: boolean;
  image_size: TagImageSize;
  image_position: TagImagePosition;
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
  show_name: true,
  name_size: 32,
  organization_size: 16,
  show_image: true,
  image_size: 'medium',
  image_position: 'top',
};

/**
 * The tag design object's keys as document 2 §3 names them, each with the snake_case key this
 * product used before (still accepted) and the event column a colour lives in. One design is
 * stored: colours in the event's colour columns, the rest in `tag_design`, the image in its own
 * table (`imageUrl` names the upload).
 */
export const TAG_DESIGN_KEYS = {
  primaryColor: { colour: 'primary_color' },
  secondaryColor: { colour: 'secondary_color' },
  accentColor: { colour: 'accent_color' },
  backgroundColor: { colour: 'tag_background_color' },
  textColor: { colour: 'tag_text_color' },
  borderRadius: { snake: 'border_radius' },
  showLogo: { snake: 'show_logo' },
  showName: { snake: 'show_name' },
  showOrganization: { snake: 'show_organization' },
  logoSize: { snake: 'logo_size' },
  nameSize: { snake: 'name_size' },
  organizationSize: { snake: 'organization_size' },
  qrCodePosition: { snake: 'qr_position' },
  qrCodeSize: { snake: 'qr_size' },
  layout: { snake: 'layout' },
  imageUrl: { snake: 'image_url' },
  showImage: { snake: 'show_image' },
  imageSize: { snake: 'image_size' },
  imagePosition: { snake: 'image_position' },
} as const;

export type TagColourColumn =
  'primary_color' | 'secondary_color' | 'accent_color' | 'tag_background_color' | 'tag_text_color';

/** Where an event's uploaded image is served (the content hash makes the URL name one image). */
export function eventImageUrl(eventId: number, hash: string): string {
  return `/api/events/${eventId}/image/${hash}/`;
}
/** The only image URL a design may name: one the upload (POST /api/events/{id}/image/) answered. */
export const EVENT_IMAGE_URL = /^\/api\/events\/(\d+)\/image\/([0-9a-f]{32})\/$/;

const zInt = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);
const zBool = (label: string) => z.boolean({ error: `${label} must be true or false` });
const zBorderRadiusPx = z.union(
  [
    z
      .string()
      .trim()
      .regex(/^\d{1,2}(px)?$/, messages.tagBorderRadiusPx)
      .transform((v) => Number.parseInt(v, 10))
      .pipe(z.number().max(24, messages.tagBorderRadiusPx)),
    z.number().int().min(0).max(24),
  ],
  { error: messages.tagBorderRadiusPx },
);
const zBorderRadius = z
  .number({ error: messages.tagBorderRadius })
  .int(messages.tagBorderRadius)
  .min(0, messages.tagBorderRadius)
  .max(24, messages.tagBorderRadius);
const zLayout = enumOf(TAG_LAYOUTS, 'Layout');
const zQrPosition = enumOf(TAG_QR_POSITIONS, 'QR position');
const zQrSize = enumOf(['small', 'medium', 'large'], 'QR size');
const zLogoSize = z.union([z.literal(40), z.literal(60), z.literal(80)], {
  error: 'Logo size must be 40, 60 or 80',
});
const zNameSize = zInt(TAG_NAME_SIZE, messages.tagNameSize);
const zOrganizationSize = zInt(TAG_ORGANIZATION_SIZE, messages.tagOrganizationSize);
const zImageSize = enumOf(TAG_IMAGE_SIZES, 'Image size');
const zImagePosition = enumOf(TAG_IMAGE_POSITIONS, 'Image position');
const zImageUrl = z
  .string({ error: messages.tagImageUrl })
  .trim()
  .regex(EVENT_IMAGE_URL, messages.tagImageUrl)
  .nullable();

/** What a PATCH's `tag_design` changes, whichever names it used. */
export type TTagDesignChange = {
  design: Partial<TagDesign>;
  colours: Partial<Record<TagColourColumn, string>>;
  /** A URL the upload answered (checked against the event's image by the service), or null: none. */
  image_url?: string | null;
};

/**
 * `tag_design` on an event: the spec's camelCase object (document 2 §3) or this product's earlier
 * snake_case keys, every key optional (the stored design fills the rest). A field sent under both
 * its names is refused, even with equal values: one body, one meaning.
 */
export const ZTagDesign = z
  .strictObject(
    {
      primaryColor: zHexColour.optional(),
      secondaryColor: zHexColour.optional(),
      accentColor: zHexColour.optional(),
      backgroundColor: zHexColour.optional(),
      textColor: zHexColour.optional(),
      borderRadius: zBorderRadiusPx.optional(),
      border_radius: zBorderRadius.optional(),
      layout: zLayout.optional(),
      qrCodePosition: zQrPosition.optional(),
      qr_position: zQrPosition.optional(),
      qrCodeSize: zQrSize.optional(),
      qr_size: zQrSize.optional(),
      logoSize: zLogoSize.optional(),
      logo_size: zLogoSize.optional(),
      showLogo: zBool('Show Logo').optional(),
      show_logo: zBool('Show Logo').optional(),
      showName: zBool('Show Name').optional(),
      show_name: zBool('Show Name').optional(),
      showOrganization: zBool('Show Organization').optional(),
      show_organization: zBool('Show Organization').optional(),
      nameSize: zNameSize.optional(),
      name_size: zNameSize.optional(),
      organizationSize: zOrganizationSize.optional(),
      organization_size: zOrganizationSize.optional(),
      showImage: zBool('Show Image').optional(),
      show_image: zBool('Show Image').optional(),
      imageSize: zImageSize.optional(),
      image_size: zImageSize.optional(),
      imagePosition: zImagePosition.optional(),
      image_position: zImagePosition.optional(),
      imageUrl: zImageUrl.optional(),
      image_url: zImageUrl.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Unknown tag design field: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .superRefine((v, ctx) => {
    for (const [camel, to] of Object.entries(TAG_DESIGN_KEYS)) {
      if (!('snake' in to) || to.snake === camel) continue;
      const a = v[camel as keyof typeof v];
      const b = v[to.snake as keyof typeof v];
      // Both names with one value (a GET's answer sent back whole) is one field; two values are not.
      if (a !== undefined && b !== undefined && JSON.stringify(a) !== JSON.stringify(b)) {
        ctx.addIssue({
          code: 'custom',
          path: [camel],
          message: `Tag design field sent twice with different values: ${camel} and ${to.snake} (send one)`,
        });
      }
    }
  })
  .transform((v): TTagDesignChange => {
    const out: TTagDesignChange = { design: {}, colours: {} };
    const record = v as Record<string, unknown>;
    const design = out.design as Record<string, unknown>;
    for (const [camel, to] of Object.entries(TAG_DESIGN_KEYS)) {
      const value = record[camel] ?? ('snake' in to ? record[to.snake] : undefined);
      if (value === undefined) continue;
      if ('colour' in to) out.colours[to.colour] = value as string;
      else if (to.snake === 'image_url') out.image_url = value as string | null;
      else design[to.snake] = value;
    }
    // null is "no image": absent means unchanged.
    if (record.imageUrl === null || record.image_url === null) out.image_url = null;
    return out;
  });
export type TTagDesignInput = z.input<typeof ZTagDesign>;

export type TagColours = {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
};

/**
 * The full design from what an event stores: unknown or out-of-range values fall back to the
 * default, and designs saved under the camelCase keys (borderRadius, qrCodePosition, …) are read too.
 */
export function readTagDesign(stored: unknown): TagDesign {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const pick = <T>(ok: (v: unknown) => v is T, fallback: T, ...keys: string[]): T => {
    for (const k of keys) if (ok(s[k])) return s[k];
    return fallback;
  };
  const radius = Number.parseFloat(String(s.border_radius ?? s.borderRadius ?? ''));
  const bool = (v: unknown): v is boolean => typeof v === 'boolean';
  const intIn =
    (range: { min: number; max: number }) =>
    (v: unknown): v is number =>
      Number.isInteger(v) && (v as number) >= range.min && (v as number) <= range.max;
  const oneOf =
    <T extends string>(values: readonly T[]) =>
    (v: unknown): v is T =>
      values.includes(v as T);
  const d = DEFAULT_TAG_DESIGN;
  return {
    border_radius: Number.isFinite(radius) ? Math.min(24, Math.max(0, Math.round(radius))) : 8,
    layout: pick(oneOf(TAG_LAYOUTS), d.layout, 'layout'),
    qr_position: pick(oneOf(TAG_QR_POSITIONS), d.qr_position, 'qr_position', 'qrCodePosition'),
    qr_size: pick(
      (v): v is TagQrSize => typeof v === 'string' && v in TAG_QR_SIZES,
      d.qr_size,
      'qr_size',
      'qrCodeSize',
    ),
    logo_size: pick(
      (v): v is 40 | 60 | 80 => TAG_LOGO_SIZES.includes(v as 40),
      d.logo_size,
      'logo_size',
      'logoSize',
    ),
    show_logo: pick(bool, true, 'show_logo', 'showLogo'),
    show_organization: pick(bool, true, 'show_organization', 'showOrganization'),
    show_name: pick(bool, true, 'show_name', 'showName'),
    name_size: pick(intIn(TAG_NAME_SIZE), d.name_size, 'name_size', 'nameSize'),
    organization_size: pick(
      intIn(TAG_ORGANIZATION_SIZE),
      d.organization_size,
      'organization_size',
      'organizationSize',
    ),
    show_image: pick(bool, true, 'show_image', 'showImage'),
    image_size: pick(oneOf(TAG_IMAGE_SIZES), d.image_size, 'image_size', 'imageSize'),
    image_position: pick(oneOf(TAG_IMAGE_POSITIONS), d.image_position, 'image_position', 'imagePosition'),
  };
}

/**
 * The design as GET answers it: the spec's camelCase object (document 2 §3, colours and the image
 * URL included) with this product's snake_case keys beside it.
 */
export function tagDesignResponse(design: TagDesign, colours: TagColours, imageUrl: string | null) {
  return {
    ...design,
    image_url: imageUrl,
    primaryColor: colours.primary,
    secondaryColor: colours.secondary,
    accentColor: colours.accent,
    backgroundColor: colours.background,
    textColor: colours.text,
    borderRadius: `${design.border_radius}px`,
    showLogo: design.show_logo,
    showName: design.show_name,
    showOrganization: design.show_organization,
    logoSize: design.logo_size,
    nameSize: design.name_size,
    organizationSize: design.organization_size,
    qrCodePosition: design.qr_position,
    qrCodeSize: design.qr_size,
    imageUrl,
    showImage: design.show_image,
    imageSize: design.image_size,
    imagePosition: design.image_position,
  };
}

/** GET's `tag_design`. */
export const ZTagDesignResponse = z.object({
  border_radius: z.number().int(),
  layout: z.enum(TAG_LAYOUTS),
  qr_position: z.enum(TAG_QR_POSITIONS),
  qr_size: z.enum(['small', 'medium', 'large']),
  logo_size: z.union([z.literal(40), z.literal(60), z.literal(80)]),
  show_logo: z.boolean(),
  show_organization: z.boolean(),
  show_name: z.boolean(),
  name_size: z.number().int(),
  organization_size: z.number().int(),
  show_image: z.boolean(),
  image_size: z.enum(TAG_IMAGE_SIZES),
  image_position: z.enum(TAG_IMAGE_POSITIONS),
  image_url: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  borderRadius: z.string(),
  showLogo: z.boolean(),
  showName: z.boolean(),
  showOrganization: z.boolean(),
  logoSize: z.union([z.literal(40), z.literal(60), z.literal(80)]),
  nameSize: z.number().int(),
  organizationSize: z.number().int(),
  qrCodePosition: z.enum(TAG_QR_POSITIONS),
  qrCodeSize: z.enum(['small', 'medium', 'large']),
  imageUrl: z.string().nullable(),
  showImage: z.boolean(),
  imageSize: z.enum(TAG_IMAGE_SIZES),
  imagePosition: z.enum(TAG_IMAGE_POSITIONS),
});

/** What a tag shows. `logo` and `image` say whether that picture exists to draw. */
export type TagContent = {
  eventName: string;
  name: string;
  organization: string;
  eventCode: string;
  logo: boolean;
  image?: boolean;
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
  /**
   * The event image: `cover` fills the box (cropped at its centre), `contain` fits inside it
   * (centred); either is clipped to the box.
   */
  | { kind: 'image'; x: number; y: number; w: number; h: number; fit: 'cover' | 'contain' }
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

/**
 * Where the event image goes, if the design shows one and it exists: a band across the top (the
 * rest of the tag laid out below it), or behind everything at the chosen size.
 */
export function tagImageBox(
  design: TagDesign,
  content: TagContent,
): Extract<TagBox, { kind: 'image' }> | null {
  if (!design.show_image || !content.image) return null;
  if (design.image_position === 'top') {
    return {
      kind: 'image',
      x: 0,
      y: 0,
      w: TAG_WIDTH,
      h: TAG_IMAGE_TOP_HEIGHTS[design.image_size],
      fit: 'cover',
    };
  }
  if (design.image_size === 'large')
    return { kind: 'image', x: 0, y: 0, w: TAG_WIDTH, h: TAG_HEIGHT, fit: 'cover' };
  const share = design.image_size === 'medium' ? 0.75 : 0.5;
  const w = Math.round(TAG_WIDTH * share);
  const h = Math.round(TAG_HEIGHT * share);
  return { kind: 'image', x: (TAG_WIDTH - w) / 2, y: (TAG_HEIGHT - h) / 2, w, h, fit: 'contain' };
}

/**
 * The boxes of one tag, from its design, colours and content. Three layouts, each its own
 * arrangement; an image at the top moves the layout down into the height left below it.
 */
export function tagLayout(design: TagDesign, colours: TagColours, content: TagContent): TagBox[] {
  const image = tagImageBox(design, content);
  const background: TagBox = {
    kind: 'rect',
    x: 0,
    y: 0,
    w: TAG_WIDTH,
    h: TAG_HEIGHT,
    fill: colours.background,
    radius: design.border_radius,
  };
  if (!image) return [background, ...layoutBoxes(design, colours, content, TAG_HEIGHT, design.border_radius)];
  if (design.image_position === 'background') {
    return [background, image, ...layoutBoxes(design, colours, content, TAG_HEIGHT, design.border_radius)];
  }
  const below = layoutBoxes(design, colours, content, TAG_HEIGHT - image.h, 0).map((b) => ({
    ...b,
    y: b.y + image.h,
  }));
  return [background, image, ...below];
}

/** One layout's boxes (the background excepted) in a tag `H` pixels high whose top corners are `corner`. */
function layoutBoxes(
  design: TagDesign,
  colours: TagColours,
  content: TagContent,
  H: number,
  corner: number,
): TagBox[] {
  const W = TAG_WIDTH;
  const qr = TAG_QR_SIZES[design.qr_size];
  const logo = design.show_logo && content.logo ? design.logo_size : 0;
  const topRight = design.qr_position === 'top-right';
  const boxes: TagBox[] = [];
  const pad = 24;
  /** Adds a text box; answers where it ends. */
  const put = (b: TextBox) => {
    boxes.push(b);
    return b.y + heightOf(b);
  };
  const qrBox = (top: number, bottom: number) => {
    if (topRight) return { kind: 'qr' as const, x: W - pad - qr, y: top, size: qr };
    // Below the name, a QR code shrinks (to 64 px at least) rather than cover the footer.
    const size = Math.max(64, Math.min(qr, bottom - top));
    if (design.qr_position === 'bottom-right')
      return { kind: 'qr' as const, x: W - pad - size, y: bottom - size, size };
    return { kind: 'qr' as const, x: (W - size) / 2, y: Math.round((top + bottom - size) / 2), size };
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
  /**
   * The participant's name and organisation, each when shown, at the design's sizes (a long name
   * shrinks from its size down to the layout's least); answers where they end.
   */
  const nameBlock = (
    at: { x: number; y: number; w: number },
    align: 'left' | 'center',
    sizes: { nameMin: number; gap: number },
  ) => {
    let y = at.y;
    if (design.show_name && content.name) {
      y = put(
        textBox('name', content.name, at, {
          max: design.name_size,
          min: Math.min(sizes.nameMin, design.name_size),
          maxLines: 2,
          font: 'bold',
          colour: colours.text,
          align,
        }),
      );
    }
    if (design.show_organization && content.organization) {
      y = put(
        textBox(
          'organization',
          content.organization,
          { ...at, y: y === at.y ? y : y + sizes.gap },
          {
            max: design.organization_size,
            min: Math.min(11, design.organization_size),
            maxLines: 2,
            font: 'regular',
            colour: colours.text,
            align,
          },
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
      radius: corner,
    });
    // Square lower corners for the band.
    boxes.push({ kind: 'rect', x: 0, y: band - corner, w: W, h: corner, fill: colours.primary });
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
      { nameMin: 16, gap: 8 },
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
      { nameMin: 15, gap: 6 },
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
  y = nameBlock({ x: left, y: top, w: topRight ? width - qr - 12 : width }, 'left', { nameMin: 16, gap: 6 });
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
