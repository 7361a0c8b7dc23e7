import type { TagBox, TagFont } from '@attend/shared';

/**
 * The web fonts a tag is drawn with, the same Noto families the server prints badge sheets with
 * (apps/api/src/services/badges/badge-fonts.ts): Noto Sans, always there, and one family per script
 * it lacks, whose style sheet is loaded only when a name or organisation on the tag is written in
 * that script, in the weight it is drawn in. Each sheet splits its family into unicode-range slices,
 * so the browser downloads only the slices of the letters on the tag (a Korean name: a few of Noto
 * Sans KR's 124). None of these files is in the service worker's precache (vite.config.ts); one a
 * tag has used is kept by the service worker for the next time offline.
 */
type Face = { family: string; script: RegExp; sheet: Record<TagFont, () => Promise<unknown>> };

const FACES: Face[] = [
  {
    family: 'Noto Sans Arabic',
    script: /\p{Script=Arabic}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-arabic/400.css'),
      bold: () => import('@fontsource/noto-sans-arabic/700.css'),
    },
  },
  {
    family: 'Noto Sans Hebrew',
    script: /\p{Script=Hebrew}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-hebrew/400.css'),
      bold: () => import('@fontsource/noto-sans-hebrew/700.css'),
    },
  },
  {
    family: 'Noto Sans Bengali',
    script: /\p{Script=Bengali}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-bengali/400.css'),
      bold: () => import('@fontsource/noto-sans-bengali/700.css'),
    },
  },
  {
    family: 'Noto Sans Tamil',
    script: /\p{Script=Tamil}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-tamil/400.css'),
      bold: () => import('@fontsource/noto-sans-tamil/700.css'),
    },
  },
  {
    family: 'Noto Sans Thai',
    script: /\p{Script=Thai}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-thai/400.css'),
      bold: () => import('@fontsource/noto-sans-thai/700.css'),
    },
  },
  {
    family: 'Noto Sans Georgian',
    script: /\p{Script=Georgian}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-georgian/400.css'),
      bold: () => import('@fontsource/noto-sans-georgian/700.css'),
    },
  },
  {
    family: 'Noto Sans Armenian',
    script: /\p{Script=Armenian}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-armenian/400.css'),
      bold: () => import('@fontsource/noto-sans-armenian/700.css'),
    },
  },
  {
    family: 'Noto Sans Ethiopic',
    script: /\p{Script=Ethiopic}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-ethiopic/400.css'),
      bold: () => import('@fontsource/noto-sans-ethiopic/700.css'),
    },
  },
  // Chinese before Korean, as on the server: a Han character both have is drawn by Noto Sans SC,
  // which also draws Japanese kana.
  {
    family: 'Noto Sans SC',
    script: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-sc/400.css'),
      bold: () => import('@fontsource/noto-sans-sc/700.css'),
    },
  },
  {
    family: 'Noto Sans KR',
    script: /\p{Script=Hangul}/u,
    sheet: {
      regular: () => import('@fontsource/noto-sans-kr/400.css'),
      bold: () => import('@fontsource/noto-sans-kr/700.css'),
    },
  },
  // Monochrome, as printed: pictographs Noto Sans lacks (the browser tries Noto Sans first).
  {
    family: 'Noto Emoji',
    script: /\p{Extended_Pictographic}/u,
    sheet: {
      regular: () => import('@fontsource/noto-emoji/400.css'),
      bold: () => import('@fontsource/noto-emoji/700.css'),
    },
  },
];

/** The tag's font-family: Noto Sans first, then the family of each script it lacks. */
export const TAG_FONT_FAMILY = ["'Noto Sans'", ...FACES.map((f) => `'${f.family}'`), 'sans-serif'].join(', ');

/** The CSS weight of each of the tag's two fonts. */
export const FONT_WEIGHT = { regular: 400, bold: 700 } as const;

const TAG_FAMILIES = new Set(['Noto Sans', ...FACES.map((f) => f.family)]);

const sheets = new Map<string, Promise<unknown>>();

/**
 * Loads (once per page) the style sheets of the families the tag's text boxes need, each in the
 * weight its text is drawn in. The text is drawn at once in whatever font is there, then again
 * when the font arrives (font-display: swap).
 */
export function loadTagFonts(boxes: readonly TagBox[]): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const box of boxes) {
    if (box.kind !== 'text') continue;
    const text = box.lines.join(' ');
    for (const face of FACES) {
      if (!face.script.test(text)) continue;
      const key = `${face.family}|${box.font}`;
      let loading = sheets.get(key);
      if (!loading) {
        loading = face.sheet[box.font]();
        loading.catch(() => sheets.delete(key)); // tried again by the next render
        sheets.set(key, loading);
      }
      waits.push(loading);
    }
  }
  return Promise.all(waits).then(() => undefined);
}

/** Code point ranges of a CSS unicode-range ("U+0-FF, U+131, U+4??"); all of them when it is empty. */
export function parseUnicodeRange(value: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const part of value.split(',')) {
    const m = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!m?.[1]) continue;
    if (m[1].includes('?')) {
      ranges.push([parseInt(m[1].replace(/\?/g, '0'), 16), parseInt(m[1].replace(/\?/g, 'f'), 16)]);
    } else {
      const start = parseInt(m[1], 16);
      ranges.push([start, m[2] ? parseInt(m[2], 16) : start]);
    }
  }
  return ranges.length > 0 ? ranges : [[0, 0x10ffff]];
}

/** One @font-face slice of a tag family, as a style sheet declares it. */
export type FaceSlice = { family: string; weight: number; ranges: [number, number][] };

/**
 * The slices that draw the code points, as the browser picks them: each code point by the first
 * family of the tag's font-family with a slice of that weight whose unicode-range holds it.
 */
export function slicesFor<T extends FaceSlice>(
  slices: readonly T[],
  weight: number,
  codePoints: Iterable<number>,
): Set<T> {
  const order = ['Noto Sans', ...FACES.map((f) => f.family)];
  const used = new Set<T>();
  for (const cp of codePoints) {
    for (const family of order) {
      const slice = slices.find(
        (s) => s.family === family && s.weight === weight && s.ranges.some(([a, b]) => cp >= a && cp <= b),
      );
      if (slice) {
        used.add(slice);
        break;
      }
    }
  }
  return used;
}

/** The code points drawn in each CSS weight by the text of a drawn tag. */
function textByWeight(node: HTMLElement): Map<number, Set<number>> {
  const byWeight = new Map<number, Set<number>>();
  for (const line of Array.from(node.querySelectorAll<HTMLElement>('[data-role]'))) {
    const weight = Number(line.style.fontWeight) || FONT_WEIGHT.regular;
    const codePoints = byWeight.get(weight) ?? new Set<number>();
    for (const ch of line.textContent ?? '') codePoints.add(ch.codePointAt(0) ?? 0);
    byWeight.set(weight, codePoints);
  }
  return byWeight;
}

function cssWeight(value: string): number {
  if (value === 'bold') return FONT_WEIGHT.bold;
  return Number(value) || FONT_WEIGHT.regular;
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The font could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The @font-face rules a PNG of the drawn tag needs, each font file inlined: only the slices that
 * draw its letters, in the weights they are drawn in (slicesFor). (Left to itself, html-to-image inlines every slice of every family the page has
 * loaded: all 101 of Noto Sans SC's once a Chinese name has been shown.)
 */
export async function tagFontCss(node: HTMLElement): Promise<string> {
  const byWeight = textByWeight(node);
  // The style sheets the tag asked for (loadTagFonts), in the document before their rules are read.
  // Not document.fonts.load(): it fetches every family's slices for the letters, Noto Sans KR's
  // Latin ones included, where the tag draws those letters with Noto Sans.
  await Promise.allSettled(sheets.values());
  const slices: (FaceSlice & { range: string; href: string })[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const style = rule.style;
      const family = style.getPropertyValue('font-family').replace(/["']/g, '').trim();
      if (!TAG_FAMILIES.has(family)) continue;
      const url = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(style.getPropertyValue('src'))?.[1];
      if (!url) continue;
      const range = style.getPropertyValue('unicode-range');
      slices.push({
        family,
        weight: cssWeight(style.getPropertyValue('font-weight')),
        ranges: parseUnicodeRange(range),
        range,
        href: new URL(url, sheet.href ?? document.baseURI).href,
      });
    }
  }
  const used = new Set(
    [...byWeight].flatMap(([weight, codePoints]) => [...slicesFor(slices, weight, codePoints)]),
  );
  const faces = [...used].map(({ family, weight, range, href }) =>
    fetch(href)
      .then((res) => {
        if (!res.ok) throw new Error(`${href}: ${res.status}`);
        return res.blob();
      })
      .then(dataUrl)
      .then(
        (data) =>
          `@font-face { font-family: '${family}'; font-style: normal; font-weight: ${weight}; ` +
          `src: url(${data}) format('woff2');${range ? ` unicode-range: ${range};` : ''} }`,
      )
      // A slice that cannot be read (offline, never used before) is left out: the PNG is still
      // made, those letters in the system's font.
      .catch(() => ''),
  );
  return (await Promise.all(faces)).join('\n');
}
