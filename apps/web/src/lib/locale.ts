import { LANGUAGE_LOCALES } from '@attend/shared';
import { currentLanguage } from './i18n';

/**
 * The locale dates and numbers are formatted in: the chosen language's. English keeps 'en-US', the
 * format the specification quotes ('Jan 05, 2025, 9:05 AM'); French 'fr-FR', Swahili 'sw-KE'.
 */
export function appLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

// One formatter per locale: `toLocaleString` builds a new one (and looks up the locale's data) on
// every call, which a list of counters on a slow phone pays for at each render.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the app's locale ('1,234' in English, '1 234' in French). */
export function formatNumber(value: number): string {
  const locale = appLocale();
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}
