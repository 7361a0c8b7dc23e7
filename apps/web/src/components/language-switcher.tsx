import { Select } from '@mantine/core';
import { LANGUAGE_NAMES, isLanguage, t, useLanguage } from '../lib/i18n';

// Each language is named in itself, so a reader finds theirs whatever the screen's language.
const OPTIONS = Object.entries(LANGUAGE_NAMES).map(([value, label]) => ({ value, label }));

/** A compact language picker; the choice is remembered on this device (and on the server for a participant). */
export function LanguageSwitcher({ light = false }: { light?: boolean }) {
  const [language, setLanguage] = useLanguage();
  return (
    <Select
      aria-label={t('language.label')}
      data={OPTIONS}
      value={language}
      onChange={(value) => {
        if (value && isLanguage(value)) void setLanguage(value);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      size="xs"
      w={120}
      comboboxProps={{ withinPortal: true, width: 140, position: 'bottom-end' }}
      styles={light ? { input: { background: 'transparent', color: 'white' } } : undefined}
      data-testid="language-switcher"
    />
  );
}
