import { NativeSelect } from '@mantine/core';
import { LANGUAGE_NAMES, isLanguage, t, useLanguage } from '../lib/i18n';

// Each language is named in itself, so a reader finds theirs whatever the screen's language.
const OPTIONS = Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }));

/**
 * A compact language picker; the choice is remembered on this device (and on the server for a
 * participant). The browser's own select: on a phone it opens the system's picker, and it needs none
 * of the dropdown machinery (positioning, scrolling) on the first screen.
 */
export function LanguageSwitcher() {
  const [language, setLanguage] = useLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      data={OPTIONS}
      value={language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void setLanguage(value);
      }}
      size="xs"
      w={120}
      data-testid="language-switcher"
    />
  );
}
