/**
 * Excel's rules for a worksheet's name: 1 to 31 UTF-16 code units; none of `: \ / ? * [ ]`; no `'`
 * first or last; not "History" in any case; unique in the workbook regardless of case. exceljs
 * throws on some (a 500 for a session named "'Opening'"), lets others through for Excel to refuse
 * ("history"), and cuts at 31 code units even inside an emoji, which leaves half a surrogate pair
 * that the file then holds as U+FFFD. Every sheet name the server writes goes through `sheetName`.
 */
const MAX_LENGTH = 31;

/**
 * Characters Excel refuses, as the nearest ones it takes, so that a time ('GMT+5:45') or a title
 * ('Q&A: [Day 1]') still reads as written. The full-width forms are in every system's fonts.
 */
const STAND_INS: Record<string, string> = {
  ':': '\uFF1A',
  '?': '\uFF1F',
  '*': '\uFF0A',
  '/': '-',
  '\\': '-',
  '[': '(',
  ']': ')',
};

/** Names Excel keeps for itself (the change-tracking sheet), compared in lower case. */
const RESERVED = ['history'];

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The longest start of `text` within `limit` code units that ends on a character's boundary. */
function cut(text: string, limit: number): string {
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length <= limit) {
      out += segment;
      continue;
    }
    // Only one character that alone is longer than the limit (a letter under many marks) is split,
    // and then between code points, never inside a surrogate pair.
    if (out === '') for (const c of segment) if (out.length + c.length <= limit) out += c;
    break;
  }
  return out;
}

/** Without the spaces and apostrophes Excel refuses or that a cut leaves at either end. */
function trimEnds(text: string): string {
  return text.replace(/^[\s']+|[\s']+$/gu, '');
}

/**
 * A valid, readable worksheet name for any text: refused characters replaced by look-alikes,
 * control characters and lone surrogates (which XML cannot hold) by spaces, runs of spaces made
 * one, cut to 31 code units on a character boundary, and ` (2)`, ` (3)`… added to a name that is
 * reserved or already `taken` in the workbook. `fallback` names a sheet whose text leaves nothing.
 */
export function sheetName(text: string, opts: { fallback?: string; taken?: Iterable<string> } = {}): string {
  const clean = (value: string) =>
    trimEnds(
      cut(
        trimEnds(
          value
            .replace(/[:\\/?*[\]]/g, (c) => STAND_INS[c] ?? ' ')
            .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
            .replace(/\s+/gu, ' '),
        ),
        MAX_LENGTH,
      ),
    );
  const name = clean(text) || clean(opts.fallback ?? '') || 'Sheet';
  const taken = new Set([...RESERVED, ...[...(opts.taken ?? [])].map((n) => n.toLowerCase())]);
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = trimEnds(cut(name, MAX_LENGTH - suffix.length)) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
