/**
 * What makes text copied or searched in a badge PDF the text as written, in every script.
 *
 * PDFKit maps each glyph of a font subset to the code points of the first Glyph object fontkit
 * gave it, and fontkit keeps one Glyph object per glyph id, created with the code points of the
 * first string that reached it. Shaped scripts reuse glyphs: a contextual form or a letter
 * skeleton drawn for one letter is drawn again for another (Arabic ر and ز share a final form
 * plus a dot), so `الزهراء` came out as `الزهزاء`. Here each glyph carries the code points it was
 * shaped from (a ligature those of all its letters), a glyph met again for other text gets a
 * second code in the subset (a copy of the same outline) so each code maps to one text, and the
 * map is written one code to one UTF-16 string, which every reader parses.
 */

type Glyph = { id: number; codePoints: number[]; advanceWidth: number };
type GlyphPosition = { xAdvance: number; xOffset: number; yOffset: number; advanceWidth: number };

/** The parts of PDFKit's EmbeddedFont (and of its fontkit font and subset) used here. */
type EmbeddedFont = {
  font: { getGlyph(id: number, codePoints?: number[]): Glyph };
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  unicode: (number[] | undefined)[];
  widths: (number | undefined)[];
  scale: number;
  document: { ref(): { end(data: string): void } };
  layout(text: string, features?: string[]): { glyphs: Glyph[]; positions: GlyphPosition[] };
  encode(text: string, features?: string[]): [string[], GlyphPosition[]];
  toUnicodeCmap(): unknown;
};

const patched = new WeakSet<object>();
/** Shaped runs kept per font of a document at most; past that the memo starts over. */
const MAX_SHAPED_RUNS = 2_000;

const sameText = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((cp, i) => cp === b[i]);

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

function utf16Hex(codePoints: readonly number[]): string {
  return [...String.fromCodePoint(...codePoints)]
    .map((ch) => {
      let out = '';
      for (let i = 0; i < ch.length; i++) out += hex4(ch.charCodeAt(i));
      return out;
    })
    .join('');
}

/**
 * Makes the document's current font (PDFKit's `_font`, just selected) map its glyphs to the text
 * they were shaped from. Idempotent.
 */
export function mapGlyphsToText(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font: EmbeddedFont })._font;
  if (patched.has(font)) return;
  patched.add(font);

  const fontkitFont = font.font;
  const getGlyph = fontkitFont.getGlyph.bind(fontkitFont);
  // fontkit's cached glyph, seen through an object that carries the code points asked with.
  // Kept per text, so each computes its metrics once.
  const variants = new Map<string, Glyph>();
  fontkitFont.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (sameText(glyph.codePoints, codePoints)) return glyph;
    const key = `${id}:${codePoints.join(',')}`;
    let variant = variants.get(key);
    if (!variant) {
      variant = Object.create(glyph, { codePoints: { value: codePoints } }) as Glyph;
      variants.set(key, variant);
    }
    return variant;
  };

  /** Subset code of a glyph drawn for a text. */
  const codes = new Map<string, number>();
  /**
   * Runs already shaped whole (with features given, as drawLine asks), by text: shaping is most of
   * a page's drawing and most lines repeat on every page of a document (the event, its dates, the
   * certificate's wording). A run shapes the same again, to the same codes, so the first answer is
   * given again; callers read it and never change it.
   */
  const shaped = new Map<string, [string[], GlyphPosition[]]>();
  font.encode = (text, features) => {
    const key = features ? `${features.join(',')}|${text}` : null;
    const known = key === null ? undefined : shaped.get(key);
    if (known) return known;
    const result = encodeRun(text, features);
    if (key !== null) {
      if (shaped.size >= MAX_SHAPED_RUNS) shaped.clear();
      shaped.set(key, result);
    }
    return result;
  };
  const encodeRun = (text: string, features: string[] | undefined): [string[], GlyphPosition[]] => {
    const { glyphs, positions } = font.layout(text, features);
    const encoded = glyphs.map((glyph) => {
      const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
      let code = codes.get(key);
      if (code === undefined) {
        code = font.subset.includeGlyph(glyph.id);
        const mapped = font.unicode[code];
        // .notdef (a character the font lacks) stays code 0, so a missing glyph can be found.
        if (glyph.id !== 0 && mapped && !sameText(mapped, glyph.codePoints)) {
          font.subset.glyphs.push(glyph.id);
          code = font.subset.glyphs.length - 1;
        }
        font.unicode[code] ??= glyph.codePoints;
        font.widths[code] ??= glyph.advanceWidth * font.scale;
        codes.set(key, code);
      }
      return hex4(code);
    });
    return [encoded, positions];
  };

  font.toUnicodeCmap = () => {
    const entries: string[] = [];
    font.unicode.forEach((codePoints, code) => {
      // Glyphs that stand for no text (a dot split off a letter, .notdef) map to the empty
      // string: left out, some readers would print their codes as control characters.
      const text = (codePoints ?? []).filter((cp) => cp > 0);
      entries.push(`<${hex4(code)}> <${utf16Hex(text)}>`);
    });
    const blocks: string[] = [];
    // At most 100 entries a block (PDF 32000-1, 9.10.3).
    for (let i = 0; i < entries.length; i += 100) {
      const block = entries.slice(i, i + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    const cmap = font.document.ref();
    cmap.end(
      [
        '/CIDInit /ProcSet findresource begin',
        '12 dict begin',
        'begincmap',
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
        '/CMapName /Adobe-Identity-UCS def',
        '/CMapType 2 def',
        '1 begincodespacerange',
        '<0000> <ffff>',
        'endcodespacerange',
        ...blocks,
        'endcmap',
        'CMapName currentdict /CMap defineresource pop',
        'end',
        'end',
      ].join('\n'),
    );
    return cmap;
  };
}
