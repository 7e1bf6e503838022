import { Button, Card, Code, Collapse, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BackupRow } from '../../../contract/batches';

const when = (iso: string) => new Date(iso).toLocaleString();

/** The stored data, laid out for reading (the text as stored when it is not JSON). */
function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

/**
 * One backup: Batch ID, Date and Backup ID; it expands to show the comments and the stored
 * data. RESET (a digibrick_manager's) asks first.
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
  const trays = (() => {
    try {
      const data: unknown = JSON.parse(backup.json);
      return Array.isArray(data) ? data.length : null;
    } catch {
      return null;
    }
  })();
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
            {when(backup.date)}
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
              <Code block>{pretty(backup.json)}</Code>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
