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
