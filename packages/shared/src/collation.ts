import { LANGUAGE_LOCALES, type TLanguage } from './language-codes';

const collators = new Map<TLanguage, Intl.Collator>();

/**
 * The language's collation for people's names: accents and case come after the letter
 * ('Émilie' with the E's, before 'Wanjiku'), digits compare as numbers. A plain string comparison
 * (or the C collation of a database) puts every accented capital after Z.
 */
export function nameCollator(language: TLanguage): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(LANGUAGE_LOCALES[language], { usage: 'sort', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}

/** A copy of `rows` in name order for `language`; equal names keep their order (the id's, say). */
export function sortByName<T>(rows: readonly T[], nameOf: (row: T) => string, language: TLanguage): T[] {
  const collator = nameCollator(language);
  return [...rows].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}
