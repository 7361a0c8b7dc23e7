import { afterAll, describe, expect, it } from 'vitest';
import { nameCollator, sortByName } from '@attend/shared';
import { tp } from '../src/features/participants/i18n';
import { ts } from '../src/features/sessions/i18n';
import { adoptLanguage, formatNumber, i18n } from '../src/lib/i18n';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

const NNBSP = '\u202f';

describe('numbers are written the language’s way', () => {
  it('small whole numbers as they are, larger ones and fractions through the locale', async () => {
    for (const language of ['en', 'fr', 'sw'] as const) {
      await adoptLanguage(language);
      const intl = new Intl.NumberFormat({ en: 'en-US', fr: 'fr-FR', sw: 'sw-KE' }[language]);
      for (const n of [0, 7, 42, 999, 1000, 12_345, -5, 2.5])
        expect(formatNumber(n), language).toBe(intl.format(n));
    }
    await adoptLanguage('fr');
    expect(formatNumber(1000)).toBe(`1${NNBSP}000`);
    expect(formatNumber(2.5)).toBe('2,5');
  });
});

describe('count strings follow the language’s plural rules', () => {
  it('English: 1 is singular, 0 and 2 plural', async () => {
    await i18n.changeLanguage('en');
    expect(tp('home.participants', { count: 0 })).toBe('0 participants');
    expect(tp('home.participants', { count: 1 })).toBe('1 participant');
    expect(tp('home.participants', { count: 2 })).toBe('2 participants');
    expect(ts('list.subCount', { count: 1 })).toBe('1 sub-session');
    expect(ts('p.sessionsCount', { count: 3 })).toBe('3 sessions');
    // The number is written the language's way.
    expect(tp('home.participants', { count: 1234 })).toBe('1,234 participants');
  });

  it('French: 0 and 1 are singular, 2 plural, a million takes the "many" form', async () => {
    await adoptLanguage('fr');
    expect(ts('detail.registeredCount', { count: 0 })).toBe('0 inscrit');
    expect(ts('detail.registeredCount', { count: 1 })).toBe('1 inscrit');
    expect(ts('detail.registeredCount', { count: 2 })).toBe('2 inscrits');
    expect(ts('p.registeredCount', { count: 1_000_000 })).toBe(`1${NNBSP}000${NNBSP}000 inscrits`);
    expect(tp('actions.selectedCount', { count: 1 })).toBe('1 sélectionné');
    expect(tp('actions.selectedCount', { count: 2 })).toBe('2 sélectionnés');
    expect(tp('bulkConfirm.ask', { count: 1 })).toMatch(
      /^Confirmer la présence de 1 participant\u202f\? Il pourra/,
    );
    expect(tp('bulkConfirm.ask', { count: 3 })).toMatch(
      /^Confirmer la présence de 3 participants\u202f\? Ils pourront/,
    );
  });

  it('Swahili: 1 is singular (noun class), 0 and 2 plural', async () => {
    await adoptLanguage('sw');
    expect(tp('home.participants', { count: 1 })).toBe('Mshiriki 1');
    expect(tp('home.participants', { count: 0 })).toBe('Washiriki 0');
    expect(tp('home.participants', { count: 2 })).toBe('Washiriki 2');
    expect(ts('p.sessionsCount', { count: 1 })).toBe('Kipindi 1');
    expect(ts('p.sessionsCount', { count: 2 })).toBe('Vipindi 2');
    expect(ts('detail.registeredCount', { count: 1 })).toBe('1 amesajiliwa');
    expect(ts('detail.registeredCount', { count: 5 })).toBe('5 wamesajiliwa');
  });

  it('French says a session name without an article to elide ("Se désinscrire : Atelier 1")', async () => {
    await adoptLanguage('fr');
    expect(ts('p.unregisterLabel', { name: 'Atelier 1' })).toBe(`Se désinscrire${NNBSP}: Atelier 1`);
    expect(ts('p.registerLabel', { name: 'Atelier 1' })).toBe(`S’inscrire${NNBSP}: Atelier 1`);
  });
});

describe('names sort in the language’s collation', () => {
  const names = [
    'Wanjiku Kamau',
    'émile Zola',
    'Émilie Dupont',
    'amina Uwase',
    'Zawadi Achieng',
    'Eric Mugisha',
  ];

  for (const language of ['en', 'fr', 'sw'] as const) {
    it(`${language}: accents and case sort with their letter`, () => {
      expect(sortByName(names, (n) => n, language)).toEqual([
        'amina Uwase',
        'émile Zola',
        'Émilie Dupont',
        'Eric Mugisha',
        'Wanjiku Kamau',
        'Zawadi Achieng',
      ]);
      expect(nameCollator(language).compare('Émilie', 'Wanjiku')).toBeLessThan(0);
      expect(nameCollator(language).compare('Émilie', 'Emilie')).toBeGreaterThan(0);
      expect(nameCollator(language).compare('emilie', 'Emilie')).toBeLessThan(0);
      // A plain string comparison gets it wrong: É (U+00C9) sorts after every ASCII letter.
      expect('Émilie' > 'Wanjiku').toBe(true);
    });
  }

  it('keeps the order of equal names (the id order the list came in) and compares digits as numbers', () => {
    const rows = [
      { id: 1, name: 'Group 10' },
      { id: 2, name: 'Group 2' },
      { id: 3, name: 'Group 2' },
    ];
    expect(sortByName(rows, (r) => r.name, 'fr').map((r) => r.id)).toEqual([2, 3, 1]);
  });
});
