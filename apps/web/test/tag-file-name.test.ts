import { describe, expect, it } from 'vitest';
import { fileNamePart } from '../src/features/tags/lib/tag-png';

describe('fileNamePart (the tag PNG is event-tag-{full name with underscores}-{code}.png)', () => {
  it('keeps the letters and marks of every script, white space as underscores', () => {
    const names: [string, string][] = [
      ['Amina Uwase', 'Amina_Uwase'],
      ['Zoë  Ångström', 'Zoë_Ångström'],
      ['अमृत शर्मा', 'अमृत_शर्मा'],
      ['فاطمة الزهراء', 'فاطمة_الزهراء'],
      ['דוד כהן', 'דוד_כהן'],
      ['অমিত রায়', 'অমিত_রায়'],
      ['முருகன் செல்வம்', 'முருகன்_செல்வம்'],
      ['สมชาย ใจดี', 'สมชาย_ใจดี'],
      ['ნინო ბერიძე', 'ნინო_ბერიძე'],
      ['Արամ Պետրոսյան', 'Արամ_Պետրոսյան'],
      ['አበበ ቢቂላ', 'አበበ_ቢቂላ'],
      ['김민준', '김민준'],
      ['王小明', '王小明'],
      ['Jean-Luc Picard', 'Jean-Luc_Picard'],
    ];
    for (const [name, part] of names) {
      expect(fileNamePart(name)).toBe(part);
      expect(`event-tag-${fileNamePart(name)}-AB2CD3EF.png`).toBe(`event-tag-${part}-AB2CD3EF.png`);
    }
  });

  it('drops characters unsafe in a file name, and stands in for a name with nothing left', () => {
    expect(fileNamePart('../a/b\\c:d*e?"f<g>h|i')).toBe('abcdefghi');
    expect(fileNamePart(' O’Brien 😀 ')).toBe('OBrien');
    expect(fileNamePart('\u202eevil\u202c name')).toBe('evil_name');
    expect(fileNamePart('***')).toBe('event');
    expect(fileNamePart('***', 'participant')).toBe('participant');
  });
});
