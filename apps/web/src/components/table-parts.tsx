import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

/** The header row: `before` (a select-all cell), then one cell per column title. */
export function TableHeader({ columns, before }: { columns: string[]; before?: ReactNode }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {before}
        {columns.map((title) => (
          <Table.Th key={title}>{title}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The one row of a table with nothing to list. */
export function EmptyTableRow({
  colSpan,
  py = 'md',
  children,
}: {
  colSpan: number;
  py?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py={py}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
