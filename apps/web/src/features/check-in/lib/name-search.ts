/**
 * Finding a participant by name at the station, from the offline pack (so it works without a
 * network and answers at once): accents, case and punctuation do not matter ("jose" finds "José",
 * "ndiaye" finds "N'Diaye"). Every word typed must appear in the name; names where each word starts
 * a word of the name come first, then the others, each group in name order. The names are folded
 * and sorted once per pack, so a keystroke is one pass over plain strings (and, while the query only
 * grows, a pass over the previous matches only).
 */

/** Letters that do not decompose into a base letter and a mark. */
const FOLDED: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** Text as the search compares it: no accents, lower case, apostrophes dropped, other punctuation a space. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßđðłþı]/g, (c) => FOLDED[c] ?? c)
    .replace(/['’ʼ`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Letters needed before the station searches names (one letter matches too many people to help). */
export const NAME_QUERY_MIN_LETTERS = 2;

/** Whether typed text asks for a name search: two letters or more, and not a scanned QR credential. */
export function isNameQuery(text: string): boolean {
  const trimmed = text.trim();
  if (/^AT1:/i.test(trimmed)) return false;
  return (trimmed.match(/\p{L}/gu)?.length ?? 0) >= NAME_QUERY_MIN_LETTERS;
}

/** The words of a query, folded. */
export function queryWords(text: string): string[] {
  const folded = foldName(text);
  return folded ? folded.split(' ') : [];
}

export type NameIndex<T> = {
  /** The people, in name order. */
  people: T[];
  /** Each person's folded name with a leading space (so " word" finds a word start), same order. */
  keys: string[];
};

/**
 * The people in name order with their folded names. `reuse` is the index of the pack before: names
 * that did not change are not folded again (the pack is refreshed every minute).
 */
export function buildNameIndex<T extends { full_name: string }>(
  people: readonly T[],
  reuse?: NameIndex<T> | null,
): NameIndex<T> {
  const known = new Map<string, string>();
  if (reuse) reuse.people.forEach((p, i) => known.set(p.full_name, reuse.keys[i] ?? ''));
  const rows = people.map((person) => {
    const key = known.get(person.full_name) ?? ` ${foldName(person.full_name)}`;
    return { person, key };
  });
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { people: rows.map((r) => r.person), keys: rows.map((r) => r.key) };
}

const SPACE = 32;

export type NameSearchResult<T> = {
  /** The best matches, at most `limit`. */
  matches: T[];
  /** How many people match in all. */
  total: number;
};

/**
 * A search over one index. It remembers the last query's matches: a query that only extends it
 * (one more letter, one more word) looks at those alone.
 */
export function createNameSearch<T>(index: NameIndex<T>) {
  let lastText: string | null = null;
  let lastHits: Int32Array | null = null;

  return (text: string, limit: number): NameSearchResult<T> => {
    const words = queryWords(text);
    const folded = words.join(' ');
    if (words.length === 0) return { matches: [], total: 0 };
    // Every word of the longer query contains a word of the shorter one: its matches are a subset.
    const narrowing = lastHits !== null && lastText !== null && folded.startsWith(lastText);
    const candidates = narrowing && lastHits ? lastHits : null;
    const count = candidates ? candidates.length : index.keys.length;
    const hits = new Int32Array(count);
    let total = 0;
    const starts: number[] = [];
    const inside: number[] = [];
    const wordStarts = words.map((w) => ` ${w}`);
    for (let n = 0; n < count; n++) {
      const i = candidates ? (candidates[n] ?? 0) : n;
      const key = index.keys[i] ?? '';
      let all = true;
      let atStart = true;
      for (let w = 0; w < words.length; w++) {
        const word = words[w] ?? '';
        const at = key.indexOf(word);
        // Most people do not match: one scan of their name tells.
        if (at < 0) {
          all = false;
          break;
        }
        if (atStart && key.charCodeAt(at - 1) !== SPACE && !key.includes(wordStarts[w] ?? ''))
          atStart = false;
      }
      if (!all) continue;
      hits[total++] = i;
      if (atStart) {
        if (starts.length < limit) starts.push(i);
      } else if (inside.length < limit) inside.push(i);
    }
    lastText = folded;
    lastHits = hits.subarray(0, total);
    const matches = [...starts, ...inside].slice(0, limit).flatMap((i) => {
      const person = index.people[i];
      return person === undefined ? [] : [person];
    });
    return { matches, total };
  };
}
