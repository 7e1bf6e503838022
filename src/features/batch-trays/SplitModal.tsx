import { Alert, Button, Group, Modal, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BatchTraysMessages as M } from '../../../contract/batch-trays';

/** Split: the chosen trays move into a new batch with the name given here. */
export function SplitModal(props: {
  opened: boolean;
  count: number;
  /** What moves, in words ("Trays 3, 4 move out of this batch …"). */
  detail?: string;
  onClose: () => void;
  onSplit: (name: string, comments: string) => Promise<string | null>;
}) {
  const [name, setName] = useState('');
  const [comments, setComments] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (name.trim() === '') return setProblem(M.splitNameEmpty);
    setBusy(true);
    const refused = await props.onSplit(name.trim(), comments);
    setBusy(false);
    setProblem(refused);
    if (refused === null) {
      setName('');
      setComments('');
    }
  }
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      closeOnClickOutside={false}
      title={`Split ${props.count} trays into a new batch`}
    >
      {props.detail && (
        <Text size="sm" mb="xs">
          {props.detail}
        </Text>
      )}
      <TextInput
        label={M.splitNameLabel}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      <Textarea
        label="Comments"
        value={comments}
        onChange={(e) => setComments(e.currentTarget.value)}
      />
      {problem && (
        <Alert color="red" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        <Button loading={busy} onClick={() => void submit()}>
          Split
        </Button>
      </Group>
    </Modal>
  );
}
