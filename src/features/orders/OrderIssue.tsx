import { Button, Group, Modal, Paper, Switch, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { Order, OrderUpdateRequest } from '../../../contract/orders';

interface Props {
  order: Order;
  isManager: boolean;
  editable: boolean;
  onChange: (change: OrderUpdateRequest) => Promise<void>;
}

/**
 * The order issue: the picker's issue text; an order manager edits it and switches it between
 * Solved and Not solved (has_problem 0/1); others see whether it is solved.
 */
export function OrderIssue({ order, isManager, editable, onChange }: Props) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const solved = order.has_problem === 0;

  async function save() {
    await onChange({ picker_issue: text });
    setEditing(false);
  }

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">
          Order issue
        </Title>
        {isManager && (
          <Group gap="sm">
            <Switch
              label={solved ? 'Solved' : 'Not solved'}
              checked={solved}
              disabled={!editable}
              onChange={(e) => void onChange({ has_problem: e.currentTarget.checked ? 0 : 1 })}
            />
            <Button
              variant="default"
              disabled={!editable}
              onClick={() => {
                setText(order.picker_issue ?? '');
                setEditing(true);
              }}
            >
              Edit
            </Button>
          </Group>
        )}
      </Group>
      <Text mt="xs" data-testid="order-issue">
        {order.picker_issue || 'No issue reported.'}
      </Text>
      {!isManager && (order.picker_issue || order.has_problem === 1) && (
        <Text size="sm" c={solved ? 'teal' : 'red'} mt={4}>
          {solved ? 'Solved' : 'Not solved'}
        </Text>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit order issue">
        <Textarea
          label="Issue"
          autosize
          minRows={3}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-scan-ignore
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <Button onClick={() => void save()}>Save</Button>
        </Group>
      </Modal>
    </Paper>
  );
}
