import { Table } from '@mantine/core';

/** Facts as a table of rows, each its label (a row heading) and its value. */
export function FactTable({
  facts,
  maw,
}: {
  facts: readonly (readonly [label: string, value: string])[];
  maw?: number;
}) {
  return (
    <Table maw={maw}>
      <Table.Tbody>
        {facts.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
