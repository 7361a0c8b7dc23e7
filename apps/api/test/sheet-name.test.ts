import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { sheetName } from '../src/lib/sheet-name';
import { openpyxlWorkbook } from './fixtures/other-readers';

/** Excel's rules, written out independently of the function under test. */
function validInExcel(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= 31 &&
    !/[:\\/?*[\]]/.test(name) &&
    !name.startsWith("'") &&
    !name.endsWith("'") &&
    name.toLowerCase() !== 'history' &&
    // No control characters, and no half of a surrogate pair (Cs matches only a lone one under /u).
    !/[\p{Cc}\p{Cs}]/u.test(name) &&
    name.trim() === name
  );
}

const x = (n: number) => 'x'.repeat(n);
const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // 8 code units, one character
const zalgo = 'a' + '\u0301'.repeat(40);

const HOSTILE: [input: string, expected: string][] = [
  ["'Opening'", 'Opening'],
  ["'", 'Sheet'],
  ["''''", 'Sheet'],
  ['', 'Sheet'],
  ['   \t  ', 'Sheet'],
  ['History', 'History (2)'],
  ['history', 'history (2)'],
  ['HISTORY', 'HISTORY (2)'],
  [' History ', 'History (2)'],
  // The 31st character is an apostrophe: the cut must not end on it.
  [`${x(30)}'s keynote`, x(30)],
  [`'${x(40)}`, x(31)],
  // An emoji across the 31st code unit is left out whole, never halved.
  [`${x(30)}\u{1F389} party`, x(30)],
  [`${x(29)}\u{1F389} party`, `${x(29)}\u{1F389}`],
  [`${x(25)}${family}`, x(25)],
  [`${x(23)}${family}!`, `${x(23)}${family}`],
  [`${x(28)}\u{1F1F0}\u{1F1EA}`, x(28)],
  [`${x(27)}\u{1F1F0}\u{1F1EA}`, `${x(27)}\u{1F1F0}\u{1F1EA}`],
  ['e\u0301'.repeat(40), 'e\u0301'.repeat(15)],
  [zalgo, zalgo.slice(0, 31)],
  ['DSA 2030-11-27 (GMT+5:45)', 'DSA 2030-11-27 (GMT+5\uFF1A45)'],
  ['DSA 2030-11-27 (GMT-9:30)', 'DSA 2030-11-27 (GMT-9\uFF1A30)'],
  ['Q&A: [Day 1] / *all*?', 'Q&A\uFF1A (Day 1) - \uFF0Aall\uFF0A\uFF1F'],
  ['a\\b/c', 'a-b-c'],
  ['[]', '()'],
  ['\u0000\u0007tab\there\r\nnew\u0085line', 'tab here new line'],
  ['\uD83C lone \uDC00 halves', 'lone halves'],
  ['\uFFFE\uFFFF', 'Sheet'],
  ['مرحبا: جلسة', 'مرحبا\uFF1A جلسة'],
  ['Keynote \u2014 Ng\u0169g\u0129 wa Thiong\u2019o', 'Keynote \u2014 Ng\u0169g\u0129 wa Thiong\u2019o'],
];

describe('sheetName', () => {
  it.each(HOSTILE)('makes %j the valid sheet name %j', (input, expected) => {
    const name = sheetName(input);
    expect(name).toBe(expected);
    expect(validInExcel(name)).toBe(true);
  });

  it('uses the fallback for text that leaves nothing, and keeps names unique in the workbook whatever the case', () => {
    expect(sheetName("' '", { fallback: 'Participants' })).toBe('Participants');
    expect(sheetName('Results', { taken: ['RESULTS'] })).toBe('Results (2)');
    expect(sheetName('Results', { taken: ['results', 'Results (2)'] })).toBe('Results (3)');
    // The suffix fits within 31: the name is cut further, still on a character boundary.
    const long = `${x(26)}\u{1F389}tail`;
    expect(sheetName(long, { taken: [sheetName(long)] })).toBe(`${x(26)} (2)`);
    expect(sheetName(`${x(26)}'y`, { taken: [x(26) + "'y"] })).toBe(`${x(26)} (2)`);
  });

  it('gives names that exceljs writes and two other readers (SheetJS and openpyxl) read back unchanged', async () => {
    const workbook = new ExcelJS.Workbook();
    const names: string[] = [];
    for (const [input] of HOSTILE) {
      const name = sheetName(input, { taken: names });
      expect(validInExcel(name), name).toBe(true);
      names.push(name);
      workbook.addWorksheet(name).addRow([input.length]);
    }
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(XLSX.read(file, { type: 'buffer' }).SheetNames).toEqual(names);
    expect(openpyxlWorkbook(file).map((s) => s.title)).toEqual(names);
  });
});
