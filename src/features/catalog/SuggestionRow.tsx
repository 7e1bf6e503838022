import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconBell, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { Suggestion, SuggestionStatus } from '../../../contract/catalog-review';
import { changeLines, shownTime, suggestionSubject } from './format';

/** The status icon: orange bell for open, green check for accepted, red cross for rejected. */
const STATUS_ICON: Record<SuggestionStatus, { color: string; icon: typeof IconBell }> = {
  open: { color: 'orange', icon: IconBell },
  accepted: { color: 'green', icon: IconCheck },
  rejected: { color: 'red', icon: IconX },
};

/**
 * One suggestion: the status icon expands its details, what it is about and 'field: from old
 * value to new value' for each change (catalog objects by name, never by uuid), with accept and
 * reject for an open one when the caller may review it (a curator who did not make it).
 */
export function SuggestionRow({
  suggestion: s,
  mayReview,
  busy,
  onReview,
}: {
  suggestion: Suggestion;
  mayReview: boolean;
  busy: boolean;
  onReview: (action: 'accept' | 'reject') => void;
}) {
  const [open, setOpen] = useState(false);
  const { color, icon: Icon } = STATUS_ICON[s.status];
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <ActionIcon
            variant="light"
            color={color}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={`${s.status}: ${open ? 'hide' : 'show'} details`}
          >
            <Icon size={18} />
          </ActionIcon>
        </Table.Td>
        <Table.Td>{s.description}</Table.Td>
        <Table.Td>{s.created_by.name}</Table.Td>
        <Table.Td>{shownTime(s.created_at)}</Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {suggestionSubject(s)}
              </Text>
              {s.object_uuid &&
                changeLines(s.changes, s.object, s.names).map((line) => (
                  <Text key={line} size="sm">
                    {line}
                  </Text>
                ))}
              {s.status === 'open' && s.mine && (
                <Text size="sm" c="dimmed">
                  Your suggestion: another curator reviews it.
                </Text>
              )}
              {s.status === 'open' && mayReview && !s.mine && (
                <Group gap="xs" mt="xs">
                  <Button
                    size="compact-sm"
                    color="green"
                    loading={busy}
                    onClick={() => onReview('accept')}
                  >
                    Accept
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="light"
                    loading={busy}
                    onClick={() => onReview('reject')}
                  >
                    Reject
                  </Button>
                </Group>
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
