import { Table } from '@mantine/core';

/** A table's head of plain column headings, in order ('' for a column without one). */
export function TableHead({ labels }: { labels: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label, i) => (
          <Table.Th key={i}>{label}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
