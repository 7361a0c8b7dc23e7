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
 * The first date formatter of a page load reads the locale's and the time zones' data: a block of
 * the main thread (0.05 s on a laptop, four times that on a slow phone) that every later formatter,
 * plural rule and number format shares. The signed-in pages, which all show dates, ask for it while
 * their code is still downloading, in a task of its own, instead of in the middle of their first
 * drawing. Once per page load; a formatter built later takes a few milliseconds.
 */
export function warmUpDateFormats(): void {
  if (formatsWarm) return;
  formatsWarm = true;
  setTimeout(
    () => new Intl.DateTimeFormat(appLocale(), { weekday: 'long', month: 'long', hour: 'numeric' }).format(0),
    0,
  );
}
