import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as fontkit from 'fontkit';
import { loadFontkit } from '../../lib/load-on-use';
import type { TagFont } from '@attend/shared';
import { mapGlyphsToText } from './glyph-text-map';
import { familiesFor, type FontFamily, type GlyphCheck } from './text-runs';
import './pdfkit-extras';

/**
 * The Noto fonts badges are drawn with, installed from the npm registry with the API (nothing is
 * fetched at run time): Noto Sans (Latin with diacritics, Greek, Cyrillic), Noto Sans Arabic,
 * Hebrew, Devanagari, Bengali, Tamil, Thai, Georgian, Armenian and Ethiopic, Noto Sans KR (Hangul),
 * Noto Sans CJK SC ("Noto Sans Hans", which also covers Japanese kana and the kanji of Japanese
 * names) and the monochrome Noto Emoji. One regular and one bold weight each.
 *
 * Only Noto Sans is read up front: every other font is read the first time a document has a name
 * in its script (Noto Sans KR and CJK are 6 and 16 MB a weight), then kept for the process.
 */
const require = createRequire(import.meta.url);
const expo = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/${file}`);
const expoPair = (pkg: string, stem: string): Record<TagFont, () => string> => ({
  regular: () => expo(pkg, `400Regular/${stem}_400Regular.ttf`),
  bold: () => expo(pkg, `700Bold/${stem}_700Bold.ttf`),
});
// @embedpdf/fonts-sc exports only its index, so its fonts are found beside it.
const cjkDir = () => path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');

const FILES: Record<FontFamily, Record<TagFont, () => string>> = {
  latin: expoPair('noto-sans', 'NotoSans'),
  arabic: expoPair('noto-sans-arabic', 'NotoSansArabic'),
  hebrew: expoPair('noto-sans-hebrew', 'NotoSansHebrew'),
  devanagari: expoPair('noto-sans-devanagari', 'NotoSansDevanagari'),
  bengali: expoPair('noto-sans-bengali', 'NotoSansBengali'),
  tamil: expoPair('noto-sans-tamil', 'NotoSansTamil'),
  thai: expoPair('noto-sans-thai', 'NotoSansThai'),
  georgian: expoPair('noto-sans-georgian', 'NotoSansGeorgian'),
  armenian: expoPair('noto-sans-armenian', 'NotoSansArmenian'),
  ethiopic: expoPair('noto-sans-ethiopic', 'NotoSansEthiopic'),
  korean: expoPair('noto-sans-kr', 'NotoSansKR'),
  cjk: {
    regular: () => path.join(cjkDir(), 'NotoSansHans-Regular.otf'),
    bold: () => path.join(cjkDir(), 'NotoSansHans-Bold.otf'),
  },
  emoji: expoPair('noto-emoji', 'NotoEmoji'),
};

/** The name a font is registered under in a document. */
function fontName(family: FontFamily, weight: TagFont): string {
  return `${family}-${weight}`;
}

/** One family's fonts as read from disk: the regular one parsed for its character map. */
type Family = { coverage: fontkit.Font; data: Partial<Record<TagFont, Promise<Buffer>>> };

const families = new Map<FontFamily, Promise<Family>>();

/** A family read from disk: its character map comes from the first weight a document asks for. */
function family(name: FontFamily, weight: TagFont): Promise<Family> {
  let loading = families.get(name);
  if (!loading) {
    loading = (async () => {
      const { create } = await loadFontkit(); // with the fonts, by the first badge sheet
      const first = readFile(FILES[name][weight]());
      const coverage = create(await first);
      if (!('hasGlyphForCodePoint' in coverage)) throw new Error(`${name}: a font collection, not a font`);
      return { coverage, data: { [weight]: first } };
    })();
    loading.catch(() => families.delete(name)); // a failed read is tried again by the next document
    families.set(name, loading);
  }
  return loading;
}

function fontData(f: Family, name: FontFamily, weight: TagFont): Promise<Buffer> {
  let data = f.data[weight];
  if (!data) {
    data = readFile(FILES[name][weight]());
    data.catch(() => delete f.data[weight]);
    f.data[weight] = data;
  }
  return data;
}

/** The fonts of one document: what draw-badge needs to choose a font and place a line. */
export type BadgeFonts = {
  /** Whether a family registered in this document has a glyph for a code point. */
  has: GlyphCheck;
  /** Noto Sans' ascent and descent in ems: they place a line's baseline, as a browser would. */
  ascent: number;
  descent: number;
  /** The registered font drawing a family in a weight (the other weight when only that one is). */
  font(family: FontFamily, weight: TagFont): string;
  /**
   * Reads (once per process) and registers in the document the fonts the text boxes need: to be
   * awaited before the boxes are drawn.
   */
  ensure(boxes: readonly { kind: string; lines?: readonly string[]; font?: TagFont }[]): Promise<void>;
};

/**
 * The badge fonts of a new document, starting with Noto Sans in both weights; other families are
 * added by `ensure`, in the weight a badge's text needs them in, and each document subsets its own
 * copy.
 */
export async function badgeFonts(doc: PDFKit.PDFDocument): Promise<BadgeFonts> {
  const registered = new Map<FontFamily, { coverage: fontkit.Font; weights: Set<TagFont> }>();
  // Only the weights a document's text needs (Noto Sans KR is 6 MB a weight, CJK 16 MB).
  const register = async (name: FontFamily, weight: TagFont) => {
    const f = await family(name, weight);
    const data = await fontData(f, name, weight);
    const known = registered.get(name);
    if (known?.weights.has(weight)) return;
    doc.registerFont(fontName(name, weight), data);
    doc.font(fontName(name, weight)); // opened here to map its glyphs back to the text they draw
    mapGlyphsToText(doc);
    if (known) known.weights.add(weight);
    else registered.set(name, { coverage: f.coverage, weights: new Set([weight]) });
  };
  await register('latin', 'regular');
  await register('latin', 'bold');
  const latin = registered.get('latin')?.coverage;
  if (!latin) throw new Error('Noto Sans is missing');
  const has: GlyphCheck = (name, cp) => registered.get(name)?.coverage.hasGlyphForCodePoint(cp) ?? false;
  return {
    has,
    ascent: latin.ascent / latin.unitsPerEm,
    descent: -latin.descent / latin.unitsPerEm,
    font(name, weight) {
      const weights = registered.get(name)?.weights;
      // A letter another family draws (none of its own script's font has it) may find that family
      // registered in the other weight only: it is drawn in that weight rather than not at all.
      const found = weights?.has(weight) ? weight : weights?.values().next().value;
      return fontName(name, found ?? weight);
    },
    async ensure(boxes) {
      for (const box of boxes) {
        if (box.kind !== 'text' || !box.lines) continue;
        const weight = box.font ?? 'regular';
        for (const name of familiesFor(box.lines.join(' '), has)) {
          if (!registered.get(name)?.weights.has(weight)) await register(name, weight);
        }
      }
    },
  };
}
