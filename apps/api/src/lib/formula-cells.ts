/**
 * A spreadsheet application opening a CSV runs text starting with = + - @ (and tab or CR, which
 * some of them strip first) as a formula (OWASP "CSV injection"); a leading apostrophe keeps such
 * a cell plain text. Every CSV cell of user-typed text goes through this. Not for .xlsx: a text
 * cell there is never run as a formula, and Excel and LibreOffice would show the apostrophe.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
