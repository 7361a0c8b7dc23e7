import bidiFactory from 'bidi-js';

/** The font families a badge draws with: each covers scripts the others do not. */
export const FONT_FAMILIES = [
  'latin',
  'arabic',
  'hebrew',
  'devanagari',
  'bengali',
  'tamil',
  'thai',
  'georgian',
  'armenian',
  'ethiopic',
  'korean',
  'cjk',
  'emoji',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** Whether a family's font has a glyph for a code point. */
export type GlyphCheck = (family: FontFamily, codePoint: number) => boolean;

/** A piece of one line in one font, in visual (left-to-right drawing) order. */
export type TextRun = { family: FontFamily; text: string; rtl: boolean };

const bidi = bidiFactory();

/** Spaces, punctuation, digits and combining marks: they take the font of the letters around them. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Scripts fontkit itself lays out right to left (it reverses their glyphs after shaping). */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** The family drawing each script that Noto Sans lacks. */
const SCRIPTS: [RegExp, FontFamily][] = [
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/\p{Script=Bengali}/u, 'bengali'],
  [/\p{Script=Tamil}/u, 'tamil'],
  [/\p{Script=Thai}/u, 'thai'],
  [/\p{Script=Georgian}/u, 'georgian'],
  [/\p{Script=Armenian}/u, 'armenian'],
  [/\p{Script=Ethiopic}/u, 'ethiopic'],
  [/\p{Script=Hangul}/u, 'korean'],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u, 'cjk'],
];
/** Pictographs (emoji are of the Common script): Noto Emoji draws those Noto Sans lacks. */
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

function scriptFamily(ch: string): FontFamily {
  for (const [script, family] of SCRIPTS) if (script.test(ch)) return family;
  return 'latin';
}

/**
 * The families a text needs besides Noto Sans: the font of each letter's script, and Noto Emoji for
 * pictographs that `has` says Noto Sans lacks. Known without opening those fonts, so a document
 * loads only the ones its names need.
 */
export function familiesFor(text: string, has: GlyphCheck): Set<FontFamily> {
  const found = new Set<FontFamily>();
  for (const ch of text) {
    if (!NEUTRAL.test(ch)) found.add(scriptFamily(ch));
    else if (PICTOGRAPH.test(ch) && !has('latin', ch.codePointAt(0) ?? 0)) found.add('emoji');
  }
  found.delete('latin');
  return found;
}

/** The script's own font when it has the glyph, else the first font that has it. */
function letterFamily(ch: string, cp: number, has: GlyphCheck): FontFamily {
  const own = scriptFamily(ch);
  if (has(own, cp)) return own;
  return FONT_FAMILIES.find((f) => has(f, cp)) ?? own;
}

/**
 * Splits one line into runs of one font and one direction, in the order they are drawn from left
 * to right: each letter in the font of its script, neutral characters in the font of their
 * neighbours, directions resolved by the Unicode bidirectional algorithm (bidi-js) and runs
 * reordered by embedding level (rule L2). Right-to-left runs keep their logical text: fontkit
 * shapes them (joined Arabic letters) and lays their glyphs out right to left.
 */
export function visualRuns(line: string, has: GlyphCheck): TextRun[] {
  const chars: { ch: string; cp: number; at: number }[] = [];
  for (let at = 0; at < line.length;) {
    const cp = line.codePointAt(at) ?? 0;
    const ch = String.fromCodePoint(cp);
    chars.push({ ch, cp, at });
    at += ch.length;
  }
  if (chars.length === 0) return [];

  const families: (FontFamily | null)[] = chars.map(({ ch, cp }) =>
    NEUTRAL.test(ch) ? null : letterFamily(ch, cp, has),
  );
  const nextStrong: (FontFamily | null)[] = new Array<FontFamily | null>(chars.length).fill(null);
  for (let i = chars.length - 2; i >= 0; i--) nextStrong[i] = families[i + 1] ?? nextStrong[i + 1] ?? null;
  let previous: FontFamily | null = null;
  const resolved = chars.map(({ ch, cp }, i): FontFamily => {
    const own = families[i];
    if (own) {
      previous = own;
      return own;
    }
    const next = nextStrong[i] ?? null;
    if (previous && has(previous, cp)) return previous;
    if (next && has(next, cp)) return next;
    return letterFamily(ch, cp, has);
  });

  const { levels } = bidi.getEmbeddingLevels(line);
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: { family: FontFamily; level: number; text: string }[] = [];
  chars.forEach(({ ch, at }, i) => {
    const family = resolved[i] ?? 'latin';
    const level = levels[at] ?? 0;
    const glyph = mirrored.get(at) ?? ch;
    const last = runs[runs.length - 1];
    if (last && last.family === family && last.level === level) last.text += glyph;
    else runs.push({ family, level, text: glyph });
  });

  // L2: from the highest level down to the lowest odd one, reverse every stretch at that level or above.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : highest + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length;) {
      if ((runs[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let end = i;
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end++;
      runs.splice(i, end - i + 1, ...runs.slice(i, end + 1).reverse());
      i = end + 1;
    }
  }

  return runs.map(({ family, level, text }) => {
    const rtl = level % 2 === 1;
    // fontkit lays out a right-to-left script backwards itself; anything else that the algorithm
    // put right to left (neutrals between Arabic words, say) is reversed here.
    const visual = rtl && !RTL_SCRIPT.test(text) ? [...text].reverse().join('') : text;
    return { family, text: visual, rtl };
  });
}
