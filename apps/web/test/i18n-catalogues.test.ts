import { describe, expect, it } from 'vitest';
import { i18n, PLURAL_SUFFIXES, translator, type LanguageBundle, type Namespace } from '../src/lib/i18n';
import { bundle as fr } from '../src/locales/fr';
import { bundle as sw } from '../src/locales/sw';

// Every English catalogue of the app (lib/i18n.ts and each feature's i18n.ts or <part>-i18n.ts): importing one
// registers it as an i18next namespace, so a catalogue added later is checked without listing it here.
const catalogueModules = import.meta.glob<{ en: Readonly<Record<string, string>> }>(
  ['../src/lib/i18n.ts', '../src/features/*/*i18n.ts'],
  { eager: true },
);

function englishNamespaces(): Map<string, Readonly<Record<string, string>>> {
  const out = new Map<string, Readonly<Record<string, string>>>();
  for (const namespace of Object.keys(i18n.store.data.en ?? {})) {
    out.set(namespace, i18n.getResourceBundle('en', namespace) as Record<string, string>);
  }
  return out;
}

/** The `{name}` placeholders of a string, sorted, repeats kept. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}

/**
 * The keys a language's catalogue must have for English's: the same, except that a plural string
 * ('x_one', 'x_other' in English) has exactly the forms the language's plural rules name.
 */
function expectedKeys(englishKeys: string[], language: string): string[] {
  const bases = new Set(
    englishKeys.filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length)),
  );
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const plain = englishKeys.filter(
    (k) => !PLURAL_SUFFIXES.some((suffix) => bases.has(k.slice(0, -suffix.length)) && k.endsWith(suffix)),
  );
  return [...plain, ...[...bases].flatMap((base) => forms.map((form) => `${base}_${form}`))];
}

const translations: [string, LanguageBundle][] = [
  ['fr', fr],
  ['sw', sw],
];

describe('the French and Swahili catalogues', () => {
  it('English has the plural forms English needs', () => {
    for (const [namespace, strings] of englishNamespaces()) {
      const keys = Object.keys(strings);
      expect({ namespace, keys: expectedKeys(keys, 'en').sort() }).toEqual({ namespace, keys: keys.sort() });
    }
  });

  it('registers one namespace per English catalogue file', () => {
    expect(Object.keys(catalogueModules).length).toBeGreaterThan(5);
    for (const module of Object.values(catalogueModules)) {
      const same = (strings: Readonly<Record<string, string>>) =>
        JSON.stringify(Object.entries(strings).sort()) === JSON.stringify(Object.entries(module.en).sort());
      expect([...englishNamespaces().values()].some(same)).toBe(true);
    }
  });

  for (const [language, bundle] of translations) {
    it(`${language}: has exactly the namespaces and keys English has, plurals in the forms ${language} needs`, () => {
      const english = englishNamespaces();
      expect(Object.keys(bundle).sort()).toEqual([...english.keys()].sort());
      for (const [namespace, strings] of english) {
        const translated = bundle[namespace as keyof LanguageBundle];
        const wanted = expectedKeys(Object.keys(strings), language);
        const missing = wanted.filter((key) => !(key in translated));
        const extra = Object.keys(translated).filter((key) => !wanted.includes(key));
        expect({ namespace, missing, extra }).toEqual({ namespace, missing: [], extra: [] });
      }
    });

    it(`${language}: keeps every placeholder of the English string, and leaves no string empty`, () => {
      const wrong: string[] = [];
      for (const [namespace, strings] of englishNamespaces()) {
        const translated: Readonly<Record<string, string>> = bundle[namespace as keyof LanguageBundle];
        for (const [key, text] of Object.entries(strings)) {
          const mine = translated[key] ?? '';
          if (mine.trim() === '' && text.trim() !== '') wrong.push(`${namespace}:${key} is empty`);
          if (placeholders(mine).join() !== placeholders(text).join()) {
            wrong.push(
              `${namespace}:${key} has {${placeholders(mine).join('}{')}} for {${placeholders(text).join('}{')}}`,
            );
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

// The lookup fills most strings itself (lib/i18n.ts, `plainString`): what it gives must be what
// i18next gives, for every string of every language, with its values, without them, and after a
// language's strings arrive.
describe('the lookup of a string', () => {
  const read = (namespace: string, key: string, vars?: Record<string, string | number>) =>
    i18n.t(key, { ns: namespace, replace: vars ?? {} });

  it.each(['en', 'fr', 'sw'])('%s: gives every string as i18next does', async (language) => {
    for (const [code, bundle] of translations) {
      for (const [namespace, strings] of Object.entries(bundle)) {
        i18n.addResourceBundle(code, namespace, strings, false, true);
      }
    }
    await i18n.changeLanguage(language);
    try {
      let compared = 0;
      for (const [namespace, strings] of englishNamespaces()) {
        const lookUp = translator(namespace as Namespace, strings) as (
          key: string,
          vars?: Record<string, string | number>,
        ) => string;
        for (const [key, text] of Object.entries(strings)) {
          if (PLURAL_SUFFIXES.some((suffix) => key.endsWith(suffix))) continue;
          const vars = Object.fromEntries(
            placeholders(text).map((name, i) => [name, i % 2 ? i : `<${name}>`]),
          );
          expect(lookUp(key, vars), `${namespace}:${key}`).toBe(read(namespace, key, vars));
          expect(lookUp(key), `${namespace}:${key}`).toBe(read(namespace, key));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(500);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('reads a string again once new strings arrive, and falls back to English, then to the key', async () => {
    const lookUp = translator('app', {
      'test.greeting': 'Hello {name}',
      'test.only': 'Only English',
    } as never) as (key: string, vars?: Record<string, string>) => string;
    await i18n.changeLanguage('fr');
    try {
      expect(lookUp('test.greeting', { name: 'Émilie' })).toBe('Hello Émilie');
      i18n.addResourceBundle('fr', 'app', { 'test.greeting': 'Bonjour {name}' }, true, true);
      expect(lookUp('test.greeting', { name: 'Émilie' })).toBe('Bonjour Émilie');
      expect(lookUp('test.greeting')).toBe(read('app', 'test.greeting'));
      expect(lookUp('test.only')).toBe('Only English');
      expect(lookUp('test.missing')).toBe(read('app', 'test.missing'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
