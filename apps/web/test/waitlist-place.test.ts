import { afterEach, describe, expect, it } from 'vitest';
import { placeInLine } from '../src/features/sessions/lib/waitlist-place';
import { adoptLanguage } from '../src/lib/i18n';

describe('placeInLine', () => {
  afterEach(async () => {
    await adoptLanguage('en');
  });

  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(placeInLine)).toEqual([
      '1st in line',
      '2nd in line',
      '3rd in line',
      '4th in line',
      '11th in line',
      '12th in line',
      '13th in line',
      '21st in line',
      '22nd in line',
      '23rd in line',
      '101st in line',
    ]);
  });

  it('writes French and Swahili places', async () => {
    await adoptLanguage('fr');
    expect([1, 2, 3].map(placeInLine)).toEqual(['1er dans la file', '2e dans la file', '3e dans la file']);
    await adoptLanguage('sw');
    expect([1, 3].map(placeInLine)).toEqual(['Wa 1 kwenye foleni', 'Wa 3 kwenye foleni']);
  });
});
