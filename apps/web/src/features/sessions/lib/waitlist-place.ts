import { LANGUAGE_LOCALES } from '@attend/shared';
import { currentLanguage } from '../../../lib/i18n';
import { ts } from '../i18n';

const ordinalRules = new Map<string, Intl.PluralRules>();

/**
 * '1st in line', '3rd in line'; '1er dans la file', '2e dans la file': the language's ordinal
 * category (CLDR, as Intl.PluralRules names it) picks the pattern.
 */
export function placeInLine(n: number): string {
  const locale = LANGUAGE_LOCALES[currentLanguage()];
  let rules = ordinalRules.get(locale);
  if (!rules) ordinalRules.set(locale, (rules = new Intl.PluralRules(locale, { type: 'ordinal' })));
  const category = rules.select(n);
  const key =
    category === 'one' || category === 'two' || category === 'few'
      ? (`p.place.${category}` as const)
      : ('p.place.other' as const);
  return ts(key, { n });
}
