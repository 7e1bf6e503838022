import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BatchMessages, checkMerge } from '../../../contract/batches';
import { FormProblems, type BatchModalProps } from './BatchFormModal';
import { mergeBatches } from './batch-api';
import { useFormSend } from './useFormSend';

/**
 * Merge batches: choose the batch to keep and the batches whose trays move into it; a second
 * step says what will happen (the merged batches are removed, with their backups) before the
 * merge is sent.
 */
export function MergeModal({ projectId, batches, onClose, onSaved }: BatchModalProps) {
  const [parent, setParent] = useState<string | null>(null);
  const [childs, setChilds] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const { problems, setProblems, saving, send } = useFormSend();
  const options = batches.map((b) => ({ value: String(b.batch_id), label: b.name }));
  const nameOf = (id: string) => batches.find((b) => String(b.batch_id) === id)?.name ?? id;
  const traysOf = (id: string) => batches.find((b) => String(b.batch_id) === id)?.trays ?? 0;
  const moving = childs.reduce((n, c) => n + traysOf(c), 0);

  function review() {
    const found = checkMerge({ parent_id: Number(parent), childs: childs.map(Number) });
    if (!parent) found.unshift(BatchMessages.mergeNoParent);
    setProblems(found);
    if (found.length === 0) setConfirming(true);
  }

  async function merge() {
    const merged = await send(async () =>
      onSaved(await mergeBatches(projectId, Number(parent), childs.map(Number))),
    );
    if (!merged) setConfirming(false);
  }

  return (
    <Modal opened onClose={onClose} closeOnClickOutside={false} title="Merge batches">
      <Stack>
        <Select
          label="Merge into"
          placeholder="The batch that keeps the trays"
          data={options}
          value={parent}
          disabled={confirming}
          onChange={(v) => {
            setParent(v);
            setChilds((c) => c.filter((id) => id !== v));
          }}
        />
        <MultiSelect
          label="Batches to merge"
          data={options.filter((o) => o.value !== parent)}
          value={childs}
          disabled={confirming}
          onChange={setChilds}
        />
        <FormProblems problems={problems} />
        {confirming && (
          <Alert color="orange" title="Are you sure you want to do that?">
            <Text size="sm">
              The {moving} trays of {childs.map((c) => `${nameOf(c)} (${traysOf(c)})`).join(', ')}{' '}
              move into {nameOf(parent!)}, which then holds {traysOf(parent!) + moving} trays, and{' '}
              {childs.length === 1 ? 'that batch is' : `those ${childs.length} batches are`} removed
              with their backups.
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={confirming ? () => setConfirming(false) : onClose}>
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          {confirming ? (
            <Button color="orange" onClick={() => void merge()} loading={saving}>
              Merge
            </Button>
          ) : (
            <Button onClick={review}>Next</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
