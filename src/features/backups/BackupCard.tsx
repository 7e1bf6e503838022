import { Button, Card, Collapse, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BackupRow } from '../../../contract/batches';
import { localDateTime } from '../../ui/format';
import { BackupTrays, storedTrays } from './BackupTrays';

/**
 * One backup: Batch ID, Date and Backup ID; it expands to show the comments and the stored
 * trays as a table. RESET (a digibrick_manager's) asks first.
 */
export function BackupCard({
  backup,
  canReset,
  onReset,
}: {
  backup: BackupRow;
  canReset: boolean;
  onReset: (backup: BackupRow) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const trays = storedTrays(backup.json)?.length ?? null;
  return (
    <Card withBorder padding="sm" aria-label={`backup ${backup.backup_id}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="lg">
          <Text size="sm">
            <Text span c="dimmed">
              Batch ID:
            </Text>{' '}
            {backup.batch_id} ({backup.batch_name})
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Date:
            </Text>{' '}
            {localDateTime(backup.date)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Backup ID:
            </Text>{' '}
            {backup.backup_id}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? 'Hide' : 'Show'}
          </Button>
          {canReset && (
            <Button size="compact-sm" color="red" onClick={() => onReset(backup)}>
              RESET
            </Button>
          )}
        </Group>
      </Group>
      <Collapse expanded={expanded}>
        <Stack gap="xs" mt="sm">
          <Text size="sm">
            <Text span c="dimmed">
              Comments:
            </Text>{' '}
            {backup.comments || '–'}
          </Text>
          <Text size="sm" c="dimmed">
            {trays === null ? 'Stored data' : `Stored data: ${trays} trays`}
            {backup.creator_name ? `, made by ${backup.creator_name}` : ''}
          </Text>
          {expanded && (
            <ScrollArea.Autosize mah={400}>
              <BackupTrays backup={backup} />
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
