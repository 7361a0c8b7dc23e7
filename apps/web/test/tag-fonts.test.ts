import { describe, expect, it } from 'vitest';
import {
  parseUnicodeRange,
  slicesFor,
  TAG_FONT_FAMILY,
  type FaceSlice,
} from '../src/features/tags/lib/tag-fonts';

describe('tag fonts', () => {
  it('reads a unicode-range with single code points, ranges and wildcards, and an empty one as all', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131,u+4??')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
    expect(parseUnicodeRange('')).toEqual([[0, 0x10ffff]]);
  });

  it('draws each letter with the first family that has a slice for it, in its weight', () => {
    const slice = (family: string, weight: number, range: string): FaceSlice => ({
      family,
      weight,
      ranges: parseUnicodeRange(range),
    });
    const latin = slice('Noto Sans', 700, 'U+0000-00FF');
    const krLatin = slice('Noto Sans KR', 700, 'U+0000-00FF');
    const hangul = slice('Noto Sans KR', 700, 'U+AC00-D7A3');
    const hangulRegular = slice('Noto Sans KR', 400, 'U+AC00-D7A3');
    const han = slice('Noto Sans SC', 700, 'U+4E00-9FFF');
    const hanKr = slice('Noto Sans KR', 700, 'U+4E00-9FFF');
    const slices = [krLatin, hangul, hangulRegular, latin, hanKr, han];
    const cps = (text: string) => [...text].map((ch) => ch.codePointAt(0) ?? 0);
    // The space and Latin letters are Noto Sans' even though Noto Sans KR has them too.
    expect(slicesFor(slices, 700, cps('Kim 김민준'))).toEqual(new Set([latin, hangul]));
    // A Han character both CJK families have goes to Noto Sans SC, as on the printed badge.
    expect(slicesFor(slices, 700, cps('金'))).toEqual(new Set([han]));
    expect(slicesFor(slices, 400, cps('김'))).toEqual(new Set([hangulRegular]));
    expect(slicesFor(slices, 400, cps('Kim'))).toEqual(new Set());
  });

  it('lists Noto Sans first and a generic family last', () => {
    expect(TAG_FONT_FAMILY.startsWith("'Noto Sans', ")).toBe(true);
    expect(TAG_FONT_FAMILY.endsWith(', sans-serif')).toBe(true);
    expect(TAG_FONT_FAMILY.indexOf("'Noto Sans SC'")).toBeLessThan(TAG_FONT_FAMILY.indexOf("'Noto Sans KR'"));
  });
});
