import type { Column } from 'exceljs';

/** Worksheet columns from `[key, header, width]` triples, in order; the header defaults to the key. */
export function sheetColumns(
  spec: readonly (readonly [key: string, header: string | null, width: number])[],
) {
  return spec.map(([key, header, width]): Partial<Column> => ({ key, header: header ?? key, width }));
}
