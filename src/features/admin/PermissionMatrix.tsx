import { Switch, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PermissionDefinition } from '../../../contract/admin';
import { api } from '../../api/client';

/** A holder's permission ids with one switched on or off, in ascending order. */
export function switchPermission(permissions: number[], id: number, on: boolean): number[] {
  return on
    ? [...new Set([...permissions, id])].sort((a, b) => a - b)
    : permissions.filter((p) => p !== id);
}

/** Grants (POST) or revokes (DELETE) one permission of a user or a company. */
export async function sendPermission(
  path: 'user/permission' | 'company/permission',
  ids: Record<string, number>,
  on: boolean,
): Promise<void> {
  if (on) await api.post(path, { json: ids });
  else await api.delete(path, { searchParams: ids });
}

interface Props<Row> {
  /** The table's accessible name. */
  label: string;
  minWidth: number;
  /** Header of the first column ('User', 'Company'). */
  holder: string;
  columns: PermissionDefinition[];
  rows: Row[];
  rowKey: (row: Row) => number;
  /** The first cell of a row: a <Table.Td> naming the holder. */
  nameCell: (row: Row) => ReactNode;
  /** How the switches name the holder: 'permission 3 for …'. */
  switchName: (row: Row) => string;
  permissions: (row: Row) => number[];
  isPending: (row: Row, permissionId: number) => boolean;
  onSwitch: (row: Row, permissionId: number, on: boolean) => void;
  /** What the last cell holds (delete, temporary login). */
  actions: (row: Row) => ReactNode;
}

/** One row per holder (user or company), one column per permission, a switch per cell. */
export function PermissionMatrix<Row>(props: Props<Row>) {
  const { columns, rows } = props;
  return (
    <Table.ScrollContainer minWidth={props.minWidth}>
      <Table striped highlightOnHover aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{props.holder}</Table.Th>
            {columns.map((p) => (
              <Table.Th key={p.permission_id} ta="center">
                {p.description}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={props.rowKey(row)}>
              {props.nameCell(row)}
              {columns.map((p) => (
                <Table.Td key={p.permission_id} ta="center">
                  <Switch
                    display="inline-block"
                    aria-label={`permission ${p.permission_id} for ${props.switchName(row)}`}
                    checked={props.permissions(row).includes(p.permission_id)}
                    disabled={props.isPending(row, p.permission_id)}
                    onChange={(e) => props.onSwitch(row, p.permission_id, e.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
              <Table.Td>{props.actions(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
