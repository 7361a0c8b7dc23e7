import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAG_DESIGN,
  fitText,
  readTagDesign,
  TAG_HEIGHT,
  TAG_LAYOUTS,
  TAG_QR_POSITIONS,
  TAG_QR_SIZES,
  TAG_WIDTH,
  tagLayout,
  tagTitleSize,
  textWidthEm,
  type TagBox,
} from './tags';

const colours = {
  primary: '#1EB53A',
  secondary: '#FFFFFF',
  accent: '#0072C6',
  background: '#ffffff',
  text: '#000000',
};
const content = {
  eventName: 'Regional Health Workshop',
  name: 'Amina Uwase',
  organization: 'Ministry of Health',
  eventCode: 'E2ETST',
  logo: true,
};

describe('fitText', () => {
  it('keeps a short name at the largest size on one line', () => {
    expect(fitText('Amina Uwase', 300, { max: 32, min: 16, maxLines: 2, font: 'bold' })).toEqual({
      size: 32,
      lines: ['Amina Uwase'],
    });
  });

  it('shrinks and wraps a long name to two lines at most, each within the width', () => {
    const name = 'Maria Fernanda de los Ángeles Gutiérrez-Villanueva';
    const fit = fitText(name, 300, { max: 32, min: 16, maxLines: 2, font: 'bold' });
    expect(fit.size).toBeLessThan(32);
    expect(fit.lines.length).toBeLessThanOrEqual(2);
    for (const line of fit.lines) expect(textWidthEm(line, 'bold') * fit.size).toBeLessThanOrEqual(300);
    expect(fit.lines.join(' ')).toBe(name);
  });

  it('breaks unspaced Chinese between characters and cuts what cannot fit with an ellipsis', () => {
    const fit = fitText('中华人民共和国国家卫生健康委员会疾病预防控制局', 150, {
      max: 20,
      min: 14,
      maxLines: 2,
      font: 'regular',
    });
    expect(fit.lines).toHaveLength(2);
    expect(fit.lines[1]?.endsWith('…')).toBe(true);
    for (const line of fit.lines) expect(textWidthEm(line) * fit.size).toBeLessThanOrEqual(150);
  });

  it('gives the title the smaller sizes above 25, 40 and 50 characters', () => {
    expect(tagTitleSize('a'.repeat(25))).toBe(24);
    expect(tagTitleSize('a'.repeat(26))).toBe(20);
    expect(tagTitleSize('a'.repeat(41))).toBe(18);
    expect(tagTitleSize('a'.repeat(51))).toBe(16);
  });
});

describe('tagLayout', () => {
  const inside = (b: TagBox) => {
    const w = b.kind === 'qr' || b.kind === 'logo' ? b.size : b.kind === 'text' ? b.w : b.w;
    const h =
      b.kind === 'qr' || b.kind === 'logo' ? b.size : b.kind === 'text' ? b.lineHeight * b.lines.length : b.h;
    return b.x >= 0 && b.y >= 0 && b.x + w <= TAG_WIDTH && b.y + h <= TAG_HEIGHT;
  };

  it('keeps every box inside the 350 × 550 tag, with the QR at its size and an accent bar, in every layout and position', () => {
    for (const layout of TAG_LAYOUTS) {
      for (const qr_position of TAG_QR_POSITIONS) {
        for (const qr_size of ['small', 'medium', 'large'] as const) {
          const boxes = tagLayout({ ...DEFAULT_TAG_DESIGN, layout, qr_position, qr_size }, colours, content);
          const label = `${layout} ${qr_position} ${qr_size}`;
          for (const box of boxes) expect(inside(box), `${label}: ${JSON.stringify(box)}`).toBe(true);
          const qr = boxes.filter((b) => b.kind === 'qr');
          expect(qr, label).toHaveLength(1);
          expect(qr[0]?.kind === 'qr' && qr[0].size, label).toBe(TAG_QR_SIZES[qr_size]);
          const accent = boxes.some(
            (b) => b.kind === 'rect' && b.fill === colours.accent && (b.h === 12 || b.w === 12),
          );
          expect(accent, label).toBe(true);
          const texts = boxes.filter((b) => b.kind === 'text').map((b) => b.role);
          expect(texts, label).toEqual(expect.arrayContaining(['event', 'name', 'organization', 'code']));
        }
      }
    }
  });

  it('draws three different arrangements, and leaves out the logo and organisation when asked', () => {
    const shapes = TAG_LAYOUTS.map((layout) =>
      JSON.stringify(
        tagLayout({ ...DEFAULT_TAG_DESIGN, layout }, colours, content).map((b) => [b.kind, b.x, b.y]),
      ),
    );
    expect(new Set(shapes).size).toBe(3);
    const bare = tagLayout(
      { ...DEFAULT_TAG_DESIGN, show_logo: false, show_organization: false },
      colours,
      content,
    );
    expect(bare.some((b) => b.kind === 'logo')).toBe(false);
    expect(bare.some((b) => b.kind === 'text' && b.role === 'organization')).toBe(false);
  });
});

describe('readTagDesign', () => {
  it('fills defaults, reads the earlier camelCase keys, and ignores values out of range', () => {
    expect(readTagDesign(null)).toEqual(DEFAULT_TAG_DESIGN);
    expect(
      readTagDesign({ borderRadius: '12', layout: 'classic', qrCodePosition: 'top-right', showLogo: false }),
    ).toEqual({
      ...DEFAULT_TAG_DESIGN,
      border_radius: 12,
      layout: 'classic',
      qr_position: 'top-right',
      show_logo: false,
    });
    expect(readTagDesign({ border_radius: 99, layout: 'fancy', qr_size: 'huge' })).toEqual({
      ...DEFAULT_TAG_DESIGN,
      border_radius: 24,
    });
  });
});

describe('tagLayout with the design object’s sizes, show-name switch and image', () => {
  const textOf = (boxes: TagBox[], role: string) =>
    boxes.find((b): b is Extract<TagBox, { kind: 'text' }> => b.kind === 'text' && b.role === role);

  it('draws the name at the chosen size, a long name shrunk to fit, and hides what is switched off', () => {
    for (const layout of TAG_LAYOUTS) {
      const design = { ...DEFAULT_TAG_DESIGN, layout, name_size: 40, organization_size: 12 };
      const boxes = tagLayout(design, colours, content);
      expect(textOf(boxes, 'name')?.size, layout).toBe(40);
      expect(textOf(boxes, 'organization')?.size, layout).toBe(12);
      const long = tagLayout(design, colours, {
        ...content,
        name: 'Maria Fernanda de los Ángeles Gutiérrez-Villanueva',
      });
      const name = textOf(long, 'name');
      expect(name?.size).toBeLessThan(40);
      for (const line of name?.lines ?? [])
        expect(textWidthEm(line, 'bold') * (name?.size ?? 0)).toBeLessThanOrEqual(name?.w ?? 0);
      const hidden = tagLayout({ ...design, show_name: false, show_organization: false }, colours, content);
      expect(textOf(hidden, 'name')).toBeUndefined();
      expect(textOf(hidden, 'organization')).toBeUndefined();
    }
  });

  it('puts an image band at the top and lays the rest out below it, inside the tag', () => {
    for (const layout of TAG_LAYOUTS) {
      for (const image_size of ['small', 'medium', 'large'] as const) {
        const design = { ...DEFAULT_TAG_DESIGN, layout, image_size, image_position: 'top' as const };
        const boxes = tagLayout(design, colours, { ...content, image: true });
        const band = { small: 60, medium: 90, large: 120 }[image_size];
        expect(boxes[1]).toEqual({ kind: 'image', x: 0, y: 0, w: TAG_WIDTH, h: band, fit: 'cover' });
        for (const b of boxes.slice(2)) {
          expect(b.y, `${layout} ${image_size} ${b.kind}`).toBeGreaterThanOrEqual(band);
          const bottom = b.y + ('size' in b ? b.size : 'h' in b ? b.h : 0);
          expect(bottom, `${layout} ${image_size} ${b.kind}`).toBeLessThanOrEqual(TAG_HEIGHT);
        }
        const qr = boxes.find((b) => b.kind === 'qr');
        const code = textOf(boxes, 'code');
        if (qr?.kind === 'qr' && code)
          expect(qr.y + qr.size, `${layout} ${image_size}`).toBeLessThanOrEqual(code.y);
      }
    }
  });

  it('draws a background image behind everything, covering the tag when large', () => {
    const design = {
      ...DEFAULT_TAG_DESIGN,
      image_position: 'background' as const,
      image_size: 'large' as const,
    };
    const boxes = tagLayout(design, colours, { ...content, image: true });
    expect(boxes[1]).toEqual({ kind: 'image', x: 0, y: 0, w: TAG_WIDTH, h: TAG_HEIGHT, fit: 'cover' });
    const small = tagLayout({ ...design, image_size: 'small' }, colours, { ...content, image: true });
    expect(small[1]).toMatchObject({ kind: 'image', w: 175, h: 275, fit: 'contain' });
    // No image uploaded, or switched off: nothing drawn, and the layout is as without one.
    expect(tagLayout(design, colours, content)).toEqual(tagLayout(DEFAULT_TAG_DESIGN, colours, content));
    expect(
      tagLayout({ ...design, show_image: false }, colours, { ...content, image: true }).some(
        (b) => b.kind === 'image',
      ),
    ).toBe(false);
  });
});
