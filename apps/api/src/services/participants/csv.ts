import { neutraliseCell } from '../../lib/formula-cells';

/** A CSV cell: formula-looking text neutralised with a leading quote, then RFC 4180 quoting. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' ? neutraliseCell(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvLine(values: (string | number | boolean | null)[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
