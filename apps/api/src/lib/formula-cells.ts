/**
 * A spreadsheet application runs text starting with = + - @ (and tab or CR, which some of them
 * strip first) as a formula (OWASP "CSV injection"); a leading apostrophe keeps such a cell plain
 * text. Every export of user-typed text goes through this.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
