// Parses an uploaded workbook in a worker thread: SheetJS is synchronous, and a large or hostile
// file must neither block the API's event loop (PGlite runs on it) nor exceed the worker's own
// memory and time limits. Plain JavaScript so it runs the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/** @param {import('@e965/xlsx').CellObject | undefined} cell */
function text(cell) {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v);
    // Numbers keep every digit (a phone number typed as a number must not become 2.50788E+11).
    case 'n':
      return Number.isFinite(cell.v) ? String(cell.v) : '';
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v);
    default:
      return '';
  }
}

/** @param {{ data: ArrayBuffer, maxRows: number, maxColumns: number }} input */
function read({ data, maxRows, maxColumns }) {
  let workbook;
  try {
    workbook = XLSX.read(new Uint8Array(data), {
      type: 'array',
      dense: true,
      // Header, the allowed rows and one more, so an oversized sheet is recognised without reading it all.
      sheetRows: maxRows + 2,
      sheets: 0,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
    });
  } catch {
    return { ok: false, code: 'unreadable' };
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  const grid = sheet?.['!data'];
  if (!grid) return { ok: false, code: 'empty' };
  const headerCells = grid[0] ?? [];
  for (let c = maxColumns; c < headerCells.length; c++) {
    if (text(headerCells[c]).trim() !== '') return { ok: false, code: 'too_many_columns' };
  }
  const headers = [];
  for (let c = 0; c < Math.min(headerCells.length, maxColumns); c++) headers.push(text(headerCells[c]));
  /** @type {{ row: number, cells: string[] }[]} */
  const rows = [];
  for (let r = 1; r < grid.length; r++) {
    const line = grid[r];
    if (!line) continue;
    const cells = [];
    let blank = true;
    for (let c = 0; c < headers.length; c++) {
      const value = text(line[c]);
      if (value.trim() !== '') blank = false;
      cells.push(value);
    }
    if (blank) continue;
    if (rows.length >= maxRows) return { ok: false, code: 'too_many_rows' };
    // Spreadsheet row numbers are 1-based and the header is row 1.
    rows.push({ row: r + 1, cells });
  }
  return { ok: true, headers, rows };
}

parentPort?.postMessage(read(workerData));
