import { Anchor, Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BATCH_STATUSES, type BatchRow, type BatchStatus } from '../../../contract/projects';
import { euros, hours, personName } from '../../ui/format';
import { TableHead } from '../../ui/TableHead';

/**
 * The project's batches: name (a link to its trays), status (a dropdown for a
 * digibrick_manager, each change sent at once), trays, worth, hours, the claim (who holds it and
 * Declaim for a digibrick_manager), Update and Back up.
 */
export function BatchTable({
  projectId,
  batches,
  manager,
  busy,
  onStatus,
  onDeclaim,
  onUpdate,
  onBackup,
}: {
  projectId: number;
  batches: BatchRow[];
  manager: boolean;
  busy: number | null;
  onStatus: (batch: BatchRow, status: BatchStatus) => void;
  onDeclaim: (batch: BatchRow) => void;
  onUpdate: (batch: BatchRow) => void;
  onBackup: (batch: BatchRow) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover>
        <TableHead
          labels={[
            'Batch',
            'Status',
            'Trays',
            'Worth',
            'Digitizing hours',
            'Warehouse hours',
            'Claim',
            '',
          ]}
        />
        <Table.Tbody>
          {batches.map((b) => (
            <Table.Tr key={b.batch_id} aria-label={`batch ${b.name}`}>
              <Table.Td>
                <Anchor component={Link} to={`/projects/${projectId}/${b.batch_id}`}>
                  {b.name}
                </Anchor>
                {b.comments && (
                  <Text size="xs" c="dimmed">
                    {b.comments}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {manager ? (
                  <Select
                    aria-label={`status of ${b.name}`}
                    data={[...BATCH_STATUSES]}
                    value={b.status}
                    allowDeselect={false}
                    disabled={busy === b.batch_id}
                    w={170}
                    onChange={(v) => v && v !== b.status && onStatus(b, v as BatchStatus)}
                  />
                ) : (
                  <Badge variant="light">{b.status}</Badge>
                )}
              </Table.Td>
              <Table.Td>{b.trays}</Table.Td>
              <Table.Td>{euros(b.total_price)}</Table.Td>
              <Table.Td>{hours(b.digitizing_hours)}</Table.Td>
              <Table.Td>{hours(b.warehouse_hours)}</Table.Td>
              <Table.Td>
                {!b.claimed ? (
                  <Text size="sm" c="dimmed">
                    free
                  </Text>
                ) : manager ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{personName(b.claimant_name)}</Text>
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="orange"
                      disabled={busy === b.batch_id}
                      onClick={() => onDeclaim(b)}
                    >
                      Declaim
                    </Button>
                  </Group>
                ) : (
                  <Badge color="orange" variant="light">
                    claimed
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button size="compact-xs" variant="default" onClick={() => onUpdate(b)}>
                    Update
                  </Button>
                  <Button size="compact-xs" variant="default" onClick={() => onBackup(b)}>
                    Back up
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
