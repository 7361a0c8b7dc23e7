import { LANGUAGE_LOCALES } from '@attend/shared';
import { currentLanguage } from './i18n';

/**
 * The locale dates and numbers are formatted in: the chosen language's. English keeps 'en-US', the
 * format the specification quotes ('Jan 05, 2025, 9:05 AM'); French 'fr-FR', Swahili 'sw-KE'.
 */
export function appLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

export { formatNumber } from './i18n';

let formatsWarm = false;

/**
 * What the first formatter of a page load reads, step by step: the locale's data, its plural rules,
 * its collation, its numbers, then its dates and the time zones'. Each step reads what the next
 * shares, so the last one costs what one formatter costs once the data is in.
 */
const WARM_UP_STEPS: ReadonlyArray<(locale: string) => unknown> = [
  (locale) => new Intl.Locale(locale).maximize(),
  (locale) => new Intl.PluralRules(locale).select(1),
  (locale) => new Intl.Collator(locale).compare('a', 'b'),
  (locale) => new Intl.NumberFormat(locale).format(1.5),
  (locale) => new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', hour: 'numeric' }).format(0),
];

/**
 * The first date formatter of a page load reads the locale's and the time zones' data: in one go a
 * block of the main thread (30 to 80 ms in Chromium on a laptop, four times that on a slow phone)
 * that every later formatter, plural rule and number format shares. The signed-in pages, which all
 * show dates, read it while their code is still downloading, in five tasks of a few milliseconds
 * each (WARM_UP_STEPS), instead of in the middle of their first drawing or in one long task that
 * holds back a tap. Once per page load; a formatter built later takes a few milliseconds.
 */
export function warmUpDateFormats(): void {
  if (formatsWarm) return;
  formatsWarm = true;
  const steps = [...WARM_UP_STEPS];
  const next = () => {
    steps.shift()?.(appLocale());
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
