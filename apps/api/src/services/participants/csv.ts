/** Cells a spreadsheet would run as a formula start with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell: formula-looking text neutralised with a leading quote, then RFC 4180 quoting. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvLine(values: (string | number | boolean | null)[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
