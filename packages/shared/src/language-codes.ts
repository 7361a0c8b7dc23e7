// The languages without zod: the web app's first screen needs these, and loads zod only later.

/** The languages of the screens and of the messages participants receive. */
export const LANGUAGES = ['en', 'fr', 'sw'] as const;

export type TLanguage = (typeof LANGUAGES)[number];

/** The BCP 47 locale dates and numbers are formatted in for each language. */
export const LANGUAGE_LOCALES: Readonly<Record<TLanguage, string>> = {
  en: 'en-US',
  fr: 'fr-FR',
  sw: 'sw-KE',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// Names a spreadsheet may use, lower-cased; the codes themselves are accepted too.
const LANGUAGE_ALIASES: Readonly<Record<string, TLanguage>> = {
  en: 'en',
  english: 'en',
  anglais: 'en',
  kiingereza: 'en',
  fr: 'fr',
  french: 'fr',
  français: 'fr',
  francais: 'fr',
  kifaransa: 'fr',
  sw: 'sw',
  swahili: 'sw',
  kiswahili: 'sw',
};

/**
 * Reads a language as people write it in a spreadsheet: a code (en, fr, sw) or a name (English,
 * Français, Kiswahili…), any case. Blank means English; anything else is `null`.
 */
export function parseLanguageName(raw: string): TLanguage | null {
  const key = raw.trim().toLowerCase();
  if (!key) return 'en';
  return LANGUAGE_ALIASES[key] ?? null;
}

/**
 * The best supported language of an `Accept-Language` header ('fr-CA,fr;q=0.9,en;q=0.8' -> 'fr'),
 * or English when none is supported.
 */
export function languageFromAcceptLanguage(header: string | undefined): TLanguage {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? 'en';
}
