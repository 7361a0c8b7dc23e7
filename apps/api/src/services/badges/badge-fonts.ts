import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as fontkit from 'fontkit';
import { loadFontkit } from '../../lib/load-on-use';
import type { TagFont } from '@attend/shared';
import { FONT_FAMILIES, type FontFamily, type GlyphCheck } from './text-runs';

/**
 * The Noto fonts badges are drawn with, installed from the npm registry with the API (nothing is
 * fetched at run time): Noto Sans (Latin with diacritics, Greek, Cyrillic), Noto Sans Arabic, Noto
 * Sans Devanagari, and Noto Sans CJK SC ("Noto Sans Hans", which also covers Japanese kana and
 * the kanji of Japanese names). One regular and one bold weight each.
 */
const require = createRequire(import.meta.url);
const expo = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/${file}`);
// @embedpdf/fonts-sc exports only its index, so its fonts are found beside it.
const cjkDir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');

const FILES: Record<FontFamily, Record<TagFont, () => string>> = {
  latin: {
    regular: () => expo('noto-sans', '400Regular/NotoSans_400Regular.ttf'),
    bold: () => expo('noto-sans', '700Bold/NotoSans_700Bold.ttf'),
  },
  arabic: {
    regular: () => expo('noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf'),
    bold: () => expo('noto-sans-arabic', '700Bold/NotoSansArabic_700Bold.ttf'),
  },
  devanagari: {
    regular: () => expo('noto-sans-devanagari', '400Regular/NotoSansDevanagari_400Regular.ttf'),
    bold: () => expo('noto-sans-devanagari', '700Bold/NotoSansDevanagari_700Bold.ttf'),
  },
  cjk: {
    regular: () => path.join(cjkDir, 'NotoSansHans-Regular.otf'),
    bold: () => path.join(cjkDir, 'NotoSansHans-Bold.otf'),
  },
};

/** The name a font is registered under in a document. */
export function fontName(family: FontFamily, weight: TagFont): string {
  return `${family}-${weight}`;
}

export type BadgeFonts = {
  /** Font files by registered name, read once per process; each document subsets its own copy. */
  files: { name: string; data: Buffer }[];
  has: GlyphCheck;
  /** Noto Sans' ascent and descent in ems: they place a line's baseline, as a browser would. */
  ascent: number;
  descent: number;
};

let loading: Promise<BadgeFonts> | null = null;

async function load(): Promise<BadgeFonts> {
  const { create } = await loadFontkit(); // with the fonts, by the first badge sheet or glyph check
  const files: BadgeFonts['files'] = [];
  const coverage = new Map<FontFamily, fontkit.Font>();
  for (const family of FONT_FAMILIES) {
    for (const weight of ['regular', 'bold'] as const) {
      const data = await readFile(FILES[family][weight]());
      files.push({ name: fontName(family, weight), data });
      if (weight === 'regular') {
        const font = create(data);
        if (!('hasGlyphForCodePoint' in font)) throw new Error(`${family}: a font collection, not a font`);
        coverage.set(family, font);
      }
    }
  }
  const latin = coverage.get('latin');
  if (!latin) throw new Error('Noto Sans is missing');
  return {
    files,
    has: (family, cp) => coverage.get(family)?.hasGlyphForCodePoint(cp) ?? false,
    ascent: latin.ascent / latin.unitsPerEm,
    descent: -latin.descent / latin.unitsPerEm,
  };
}

/** The badge fonts, loaded on first use and kept for the life of the process. */
export function badgeFonts(): Promise<BadgeFonts> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
